import { z } from 'zod';
import type { OidcSettings } from './oidc/oidc-client.js';
import {
  databaseUrl,
  eventStoreUrl,
  internalTokenSecret,
  logLevel,
  natsUrl,
  otel,
  parseConfig,
  port,
} from '@app/service-kit/config';

/** What the seed and rebuild commands need: storage only. */
const storageSchema = z.object({
  DATABASE_URL: databaseUrl.optional(),
  IDENTITY_DATABASE_URL: databaseUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  EVENTSTORE_URL: eventStoreUrl,
});

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** Identity's whole environment (README "Configuration"); no other file reads process.env. */
const serviceSchema = storageSchema
  .extend({
    PORT: port.default(3002),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: logLevel,
    NATS_URL: natsUrl,
    NATS_PREFIX: z
      .string()
      .regex(/^[a-z0-9]*$/, 'must be lowercase letters and digits (it prefixes stream names and subjects)')
      .default(''),
    INTERNAL_TOKEN_SECRET: internalTokenSecret,
    READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
    /** Where browsers reach the app (the gateway), e.g. https://app.example.com: for links identity hands out. */
    PUBLIC_URL: httpUrl.optional(),
    /** Single sign-on with an OpenID Connect provider: on when OIDC_ISSUER_URL is set. */
    OIDC_ISSUER_URL: httpUrl.optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_REDIRECT_URL: httpUrl.optional(),
    OIDC_PROVIDER_NAME: z.string().min(1).max(60).default('SSO'),
    ...otel('identity'),
  })
  .superRefine((config, context) => {
    const required = (name: keyof typeof config, why: string) => {
      if (config[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: why });
    };
    if (config.OIDC_ISSUER_URL !== undefined) {
      required('OIDC_CLIENT_ID', 'is required when OIDC_ISSUER_URL is set');
      required('OIDC_CLIENT_SECRET', 'is required when OIDC_ISSUER_URL is set');
      if (config.OIDC_REDIRECT_URL === undefined) {
        required('PUBLIC_URL', 'or OIDC_REDIRECT_URL is required when OIDC_ISSUER_URL is set');
      }
    } else {
      // A half-configured provider is a typo waiting to be discovered in production: say so at startup.
      for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URL'] as const) {
        if (config[name] !== undefined) {
          context.addIssue({ code: 'custom', path: [name], message: 'is set but OIDC_ISSUER_URL is not' });
        }
      }
    }
  });

/** IDENTITY_DATABASE_URL, else the shared DATABASE_URL (ARCHITECTURE.md "Read models and consistency"). */
type WithDatabaseUrl<T> = Omit<T, 'IDENTITY_DATABASE_URL' | 'DATABASE_URL'> & { DATABASE_URL: string };
export type StorageConfig = WithDatabaseUrl<z.output<typeof storageSchema>>;
export type IdentityConfig = WithDatabaseUrl<z.output<typeof serviceSchema>>;

export function loadConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  return withDatabaseUrl(parseConfig(serviceSchema, env));
}

export function loadStorageConfig(env: Record<string, string | undefined> = process.env): StorageConfig {
  return withDatabaseUrl(parseConfig(storageSchema, env));
}

function withDatabaseUrl<T extends { IDENTITY_DATABASE_URL?: string; DATABASE_URL?: string }>(
  config: T,
): WithDatabaseUrl<T> {
  const { IDENTITY_DATABASE_URL, DATABASE_URL, ...rest } = config;
  const url = IDENTITY_DATABASE_URL ?? DATABASE_URL;
  if (!url) {
    throw new Error(
      'Invalid configuration:\n  - DATABASE_URL: set IDENTITY_DATABASE_URL or DATABASE_URL (not set)',
    );
  }
  return { ...rest, DATABASE_URL: url };
}

/** The OpenID Connect provider, when one is configured (the redirect URL defaulting under PUBLIC_URL). */
export function oidcSettings(config: IdentityConfig): OidcSettings | undefined {
  const { OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URL, PUBLIC_URL } = config;
  if (OIDC_ISSUER_URL === undefined || OIDC_CLIENT_ID === undefined || OIDC_CLIENT_SECRET === undefined) {
    return undefined;
  }
  const redirectUrl = OIDC_REDIRECT_URL ?? new URL('/api/login/oidc/callback', PUBLIC_URL).toString();
  return {
    issuerUrl: OIDC_ISSUER_URL,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    redirectUrl,
    providerName: config.OIDC_PROVIDER_NAME,
  };
}

/** Identity's Postgres schema: its read models, reservations, checkpoints and idempotency keys live here. */
export const identitySchema = 'identity';
