import { z } from 'zod';
import { parseKeyRing, type KeyRing } from '@app/secrets';
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

/**
 * SECRETS_KEYS: the AES-256 key ring that seals provider passwords and metrics keys, as
 * `<key id>:<base64 of 32 random bytes>[,<older id>:<base64>…]`, newest first (it seals everything new; the
 * older ones still open what they sealed). Generate a key with `openssl rand -base64 32`. The error names
 * the entry and key id, never key material.
 */
const secretsKeys = z
  .string({ error: 'is required (key ring: <id>:<base64 32 bytes>[,<older id>:<base64>…])' })
  .transform((text, context): KeyRing => {
    try {
      return parseKeyRing(text);
    } catch (error) {
      context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : 'is invalid' });
      return z.NEVER;
    }
  });

/** What the seed and rebuild commands need: storage (and, for the seed, the key ring). */
const storageSchema = z.object({
  DATABASE_URL: databaseUrl.optional(),
  TENANCY_DATABASE_URL: databaseUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  EVENTSTORE_URL: eventStoreUrl,
});

const seedSchema = storageSchema.extend({ SECRETS_KEYS: secretsKeys });

/** Tenancy's whole environment (README "Configuration"); no other file reads process.env. */
const serviceSchema = seedSchema.extend({
  PORT: port.default(3003),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: logLevel,
  NATS_URL: natsUrl,
  NATS_PREFIX: z
    .string()
    .regex(/^[a-z0-9]*$/, 'must be lowercase letters and digits (it prefixes stream names and subjects)')
    .default(''),
  INTERNAL_TOKEN_SECRET: internalTokenSecret,
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
  ...otel('tenancy'),
});

/** TENANCY_DATABASE_URL, else the shared DATABASE_URL (ARCHITECTURE.md "Read models and consistency"). */
type WithDatabaseUrl<T> = Omit<T, 'TENANCY_DATABASE_URL' | 'DATABASE_URL'> & { DATABASE_URL: string };
export type StorageConfig = WithDatabaseUrl<z.output<typeof storageSchema>>;
export type SeedConfig = WithDatabaseUrl<z.output<typeof seedSchema>>;
export type TenancyConfig = WithDatabaseUrl<z.output<typeof serviceSchema>>;

export function loadConfig(env: Record<string, string | undefined> = process.env): TenancyConfig {
  return withDatabaseUrl(parseConfig(serviceSchema, env));
}

export function loadStorageConfig(env: Record<string, string | undefined> = process.env): StorageConfig {
  return withDatabaseUrl(parseConfig(storageSchema, env));
}

export function loadSeedConfig(env: Record<string, string | undefined> = process.env): SeedConfig {
  return withDatabaseUrl(parseConfig(seedSchema, env));
}

function withDatabaseUrl<T extends { TENANCY_DATABASE_URL?: string; DATABASE_URL?: string }>(
  config: T,
): WithDatabaseUrl<T> {
  const { TENANCY_DATABASE_URL, DATABASE_URL, ...rest } = config;
  const url = TENANCY_DATABASE_URL ?? DATABASE_URL;
  if (!url) {
    throw new Error(
      'Invalid configuration:\n  - DATABASE_URL: set TENANCY_DATABASE_URL or DATABASE_URL (not set)',
    );
  }
  return { ...rest, DATABASE_URL: url };
}

/** Tenancy's Postgres schema: its read models, reservations, checkpoints and idempotency keys live here. */
export const tenancySchema = 'tenancy';
