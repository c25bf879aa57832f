import { z } from 'zod';
import type { OidcSettings } from './oidc/oidc-client.js';
import { databaseConfigLoader, serviceVariables, storageVariables } from '@app/service-kit/config';

const ownDatabase = 'IDENTITY_DATABASE_URL';

/** What the seed and rebuild commands need: storage only. */
const storageSchema = z.object(storageVariables(ownDatabase));

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** Identity's whole environment (README "Configuration"); no other file reads process.env. */
const serviceSchema = storageSchema
  .extend({
    ...serviceVariables('identity', 3002),
    /** Where browsers reach the app (the gateway), e.g. https://app.example.com: for links identity hands out. */
    PUBLIC_URL: httpUrl.optional(),
    /** Notifications, which also mails admins' password-setup links to the accounts; without it they are only copied. */
    NOTIFICATIONS_URL: httpUrl.optional(),
    /** Single sign-on with an OpenID Connect provider: on when OIDC_ISSUER_URL is set. */
    OIDC_ISSUER_URL: httpUrl.optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_REDIRECT_URL: httpUrl.optional(),
    OIDC_PROVIDER_NAME: z.string().min(1).max(60).default('SSO'),
    /** How often the runner records the end of views whose 30 minutes are over (they are refused at once). */
    VIEW_AS_EXPIRY_TICK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
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

export const loadConfig = databaseConfigLoader(serviceSchema, ownDatabase);
export const loadStorageConfig = databaseConfigLoader(storageSchema, ownDatabase);

export type IdentityConfig = ReturnType<typeof loadConfig>;

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
