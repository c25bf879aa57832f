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
import { productCategory } from './application/product-commands.js';
import { catalogSchema, type StorageConfig } from './config.js';

/** The catalogue's schema, and its read-model DDL beside src/ in the source tree and beside dist/ once built. */
const catalogStorage: ServiceSchema = {
  schema: catalogSchema,
  migrationsDirectory: resolve(fileURLToPath(new URL('../migrations', import.meta.url))),
};

export const ownedCategories = [productCategory];

export function openStorage(config: StorageConfig, logger?: EventingLogger): Promise<ServiceStorage> {
  return openServiceStorage(catalogStorage, config, logger);
}

export function prepareStorage(pool: pg.Pool, eventStore: ConfiguredEventStore): Promise<void> {
  return prepareServiceStorage(pool, eventStore, catalogStorage);
}
