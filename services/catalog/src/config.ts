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

/** The catalogue's whole environment (README "Configuration"); no other file reads process.env. */
const schema = z.object({
  PORT: port.default(3001),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: logLevel,
  DATABASE_URL: databaseUrl.optional(),
  CATALOG_DATABASE_URL: databaseUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  NATS_URL: natsUrl,
  NATS_PREFIX: z
    .string()
    .regex(/^[a-z0-9]*$/, 'must be lowercase letters and digits (it prefixes stream names and subjects)')
    .default(''),
  EVENTSTORE_URL: eventStoreUrl,
  INTERNAL_TOKEN_SECRET: internalTokenSecret,
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
  ...otel('catalog'),
});
export type CatalogConfig = Omit<z.output<typeof schema>, 'CATALOG_DATABASE_URL' | 'DATABASE_URL'> & {
  /** CATALOG_DATABASE_URL, else the shared DATABASE_URL (ARCHITECTURE.md "Read models and consistency"). */
  DATABASE_URL: string;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): CatalogConfig {
  const { CATALOG_DATABASE_URL, DATABASE_URL, ...rest } = parseConfig(schema, env);
  const url = CATALOG_DATABASE_URL ?? DATABASE_URL;
  if (!url)
    throw new Error(
      'Invalid configuration:\n  - DATABASE_URL: set CATALOG_DATABASE_URL or DATABASE_URL (not set)',
    );
  return { ...rest, DATABASE_URL: url };
}

/** The catalogue's Postgres schema: its read models, checkpoints and idempotency keys live here. */
export const catalogSchema = 'catalog';
