import { z } from 'zod';
import {
  parseConfig,
  resolveDatabaseUrl,
  serviceVariables,
  storageVariables,
  type WithDatabaseUrl,
} from '@app/service-kit/config';

const ownDatabase = 'CATALOG_DATABASE_URL';

/** What the seed and rebuild commands need: storage only. */
const storageSchema = z.object(storageVariables(ownDatabase));

/** The catalogue's whole environment (README "Configuration"); no other file reads process.env. */
const serviceSchema = storageSchema.extend(serviceVariables('catalog', 3001));

export type StorageConfig = WithDatabaseUrl<z.output<typeof storageSchema>, typeof ownDatabase>;
export type CatalogConfig = WithDatabaseUrl<z.output<typeof serviceSchema>, typeof ownDatabase>;

export function loadConfig(env: Record<string, string | undefined> = process.env): CatalogConfig {
  return resolveDatabaseUrl(parseConfig(serviceSchema, env), ownDatabase);
}

export function loadStorageConfig(env: Record<string, string | undefined> = process.env): StorageConfig {
  return resolveDatabaseUrl(parseConfig(storageSchema, env), ownDatabase);
}

/** The catalogue's Postgres schema: its read models, checkpoints and idempotency keys live here. */
export const catalogSchema = 'catalog';
