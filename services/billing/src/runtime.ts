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
import { customerCategory, invoiceCategory, paymentCategory } from './application/streams.js';
import { billingSchema, type StorageConfig } from './config.js';
import { invoicesProjection } from './projections/invoices.js';
import { payersProjection } from './projections/payers.js';
import { paymentsProjection } from './projections/payments.js';

/** Billing's schema, and its read-model DDL beside src/ in the source tree and beside dist/ once built. */
const billingStorage: ServiceSchema = {
  schema: billingSchema,
  migrationsDirectory: resolve(fileURLToPath(new URL('../migrations', import.meta.url))),
};

/** The event categories billing writes; its projections and relay read the same ones. */
export const ownedCategories: string[] = [customerCategory, paymentCategory, invoiceCategory];

export const billingProjections = [paymentsProjection, invoicesProjection, payersProjection];

export function openStorage(config: StorageConfig, logger?: EventingLogger): Promise<ServiceStorage> {
  return openServiceStorage(billingStorage, config, logger);
}

export function prepareStorage(pool: pg.Pool, eventStore: ConfiguredEventStore): Promise<void> {
  return prepareServiceStorage(pool, eventStore, billingStorage);
}
