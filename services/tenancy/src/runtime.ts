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
import { subscriptionCategory } from './application/subscription-stream.js';
import { tenantCategory } from './application/tenant-stream.js';
import { tenancySchema, type StorageConfig } from './config.js';

/** Tenancy's schema, and its read-model DDL beside src/ in the source tree and beside dist/ once built. */
const tenancyStorage: ServiceSchema = {
  schema: tenancySchema,
  migrationsDirectory: resolve(fileURLToPath(new URL('../migrations', import.meta.url))),
};

/**
 * The event categories tenancy writes. The subscription stream's category joins this list when the
 * subscription use cases are wired (its projections and relay read the same categories).
 */
export const ownedCategories: string[] = [tenantCategory, subscriptionCategory];

export function openStorage(config: StorageConfig, logger?: EventingLogger): Promise<ServiceStorage> {
  return openServiceStorage(tenancyStorage, config, logger);
}

export function prepareStorage(pool: pg.Pool, eventStore: ConfiguredEventStore): Promise<void> {
  return prepareServiceStorage(pool, eventStore, tenancyStorage);
}
