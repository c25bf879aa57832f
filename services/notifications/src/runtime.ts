import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { ensureEventingTables, runMigrations, type EventingLogger } from '@app/eventing';
import {
  openServiceStorage,
  type ServiceSchema,
  type ServiceStorage,
  type StorageSettings,
} from '@app/service-kit/runtime';
import { notificationsStream } from '@app/contracts';
import { notificationsSchema } from './config.js';
import { webhookEndpointsAudit } from './webhooks/audit/endpoint-audit.js';
import { webhookEndpoints } from './webhooks/endpoints.js';
import { webhookEndpointsProjection } from './webhooks/projections/webhook-endpoints.js';

/** Notifications' table DDL, beside src/ in the source tree and beside dist/ once built. */
export const migrationsDirectory = resolve(fileURLToPath(new URL('../migrations', import.meta.url)));

/**
 * Notifications' event-sourced part: webhook endpoints are an aggregate (their stream holds the sealed signing
 * secrets) with one read model. The email side keeps copies and a send log, not events. In the shape a service
 * harness takes, so the webhook routes are tested as the others' are.
 */
export const notificationsEventSourcing = {
  name: 'notifications',
  storage: { schema: notificationsSchema, migrationsDirectory } satisfies ServiceSchema,
  aggregates: [webhookEndpoints],
  projections: [webhookEndpointsProjection],
  /** Its stream carries the audit entries of its endpoints (issue 21), from the audit relay. */
  stream: notificationsStream,
  audit: { producer: 'notifications' as const, aggregates: [webhookEndpointsAudit] },
};

/**
 * A Postgres pool on notifications' schema, its event store, its migrations, the processed-message table its
 * consumers need and the idempotency keys of its command routes (service-kit's storage, as every event-sourced
 * service opens it).
 */
export function openNotificationsStorage(
  config: StorageSettings,
  logger: EventingLogger,
): Promise<ServiceStorage> {
  return openServiceStorage(notificationsEventSourcing.storage, config, logger);
}

/** The email side's tables alone, for tests that need no event store. */
export async function prepareNotificationsStorage(pool: pg.Pool): Promise<void> {
  await runMigrations(pool, notificationsSchema, migrationsDirectory);
  await ensureEventingTables(pool, notificationsSchema);
}
