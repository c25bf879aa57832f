import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { createPostgresPool, ensureEventingTables, runMigrations, type EventingLogger } from '@app/eventing';
import { monitoringSchema } from './config.js';

/** Monitoring's table DDL, beside src/ in the source tree and beside dist/ once built. */
export const migrationsDirectory = resolve(fileURLToPath(new URL('../migrations', import.meta.url)));

/**
 * Monitoring keeps telemetry, not events: a Postgres pool on its own schema, its migrations, and the
 * processed-message table its consumer needs. No event store (runEventSourcedService does not fit).
 */
export async function openMonitoringStorage(
  config: { DATABASE_URL: string; DATABASE_POOL_SIZE: number; DATABASE_ACQUIRE_TIMEOUT_MS: number },
  logger: EventingLogger,
): Promise<pg.Pool> {
  const pool = createPostgresPool({
    connectionString: config.DATABASE_URL,
    schema: monitoringSchema,
    max: config.DATABASE_POOL_SIZE,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    logger,
  });
  try {
    await prepareMonitoringStorage(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

export async function prepareMonitoringStorage(pool: pg.Pool): Promise<void> {
  await runMigrations(pool, monitoringSchema, migrationsDirectory);
  await ensureEventingTables(pool, monitoringSchema);
}
