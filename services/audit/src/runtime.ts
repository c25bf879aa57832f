import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { createPostgresPool, ensureEventingTables, runMigrations, type EventingLogger } from '@app/eventing';
import { auditSchema } from './config.js';

/** The audit service's table DDL, beside src/ in the source tree and beside dist/ once built. */
export const migrationsDirectory = resolve(fileURLToPath(new URL('../migrations', import.meta.url)));

/**
 * The audit service keeps a read model of other services' events, and writes none: a Postgres pool on its own
 * schema, its migrations, and the processed-message table its consumers need. No event store.
 */
export async function openAuditStorage(
  config: { DATABASE_URL: string; DATABASE_POOL_SIZE: number; DATABASE_ACQUIRE_TIMEOUT_MS: number },
  logger: EventingLogger,
): Promise<pg.Pool> {
  const pool = createPostgresPool({
    connectionString: config.DATABASE_URL,
    schema: auditSchema,
    max: config.DATABASE_POOL_SIZE,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    logger,
  });
  try {
    await prepareAuditStorage(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

export async function prepareAuditStorage(pool: pg.Pool): Promise<void> {
  await runMigrations(pool, auditSchema, migrationsDirectory);
  await ensureEventingTables(pool, auditSchema);
}
