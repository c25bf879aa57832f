import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { createPostgresPool, ensureEventingTables, runMigrations, type EventingLogger } from '@app/eventing';
import { notificationsSchema } from './config.js';

/** Notifications' table DDL, beside src/ in the source tree and beside dist/ once built. */
export const migrationsDirectory = resolve(fileURLToPath(new URL('../migrations', import.meta.url)));

/**
 * Notifications keeps copies and a send log, not events: a Postgres pool on its own schema, its migrations, and
 * the processed-message table its consumers need. No event store (runEventSourcedService does not fit).
 */
export async function openNotificationsStorage(
  config: { DATABASE_URL: string; DATABASE_POOL_SIZE: number; DATABASE_ACQUIRE_TIMEOUT_MS: number },
  logger: EventingLogger,
): Promise<pg.Pool> {
  const pool = createPostgresPool({
    connectionString: config.DATABASE_URL,
    schema: notificationsSchema,
    max: config.DATABASE_POOL_SIZE,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    logger,
  });
  try {
    await prepareNotificationsStorage(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

export async function prepareNotificationsStorage(pool: pg.Pool): Promise<void> {
  await runMigrations(pool, notificationsSchema, migrationsDirectory);
  await ensureEventingTables(pool, notificationsSchema);
}
