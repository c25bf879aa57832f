import { z } from 'zod';
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

/** Identity's whole environment (README "Configuration"); no other file reads process.env. */
const serviceSchema = storageSchema.extend({
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
  ...otel('identity'),
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

/** Identity's Postgres schema: its read models, reservations, checkpoints and idempotency keys live here. */
export const identitySchema = 'identity';
