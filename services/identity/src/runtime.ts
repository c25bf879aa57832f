import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { ConfiguredEventStore, EventingLogger } from '@app/eventing';
import {
  openServiceStorage,
  prepareServiceStorage,
  type ServiceSchema,
  type ServiceStorage,
} from '@app/service-kit/runtime';
import { userCategory } from './application/user-stream.js';
import { identitySchema, type StorageConfig } from './config.js';

/** Identity's schema, and its read-model DDL beside src/ in the source tree and beside dist/ once built. */
const identityStorage: ServiceSchema = {
  schema: identitySchema,
  migrationsDirectory: resolve(fileURLToPath(new URL('../migrations', import.meta.url))),
};

export const ownedCategories = [userCategory];

export function openStorage(config: StorageConfig, logger?: EventingLogger): Promise<ServiceStorage> {
  return openServiceStorage(identityStorage, config, logger);
}

export function prepareStorage(pool: pg.Pool, eventStore: ConfiguredEventStore): Promise<void> {
  return prepareServiceStorage(pool, eventStore, identityStorage);
}
