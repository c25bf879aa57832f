import type pg from 'pg';
import { inTransaction } from '@app/eventing/transaction';

/** The schema name goes into DDL unparameterised, so only plain lowercase identifiers are accepted. */
export function idempotencyTable(schema: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new Error(`Invalid schema name for idempotency keys: ${schema}`);
  return `"${schema}".idempotency_keys`;
}

/**
 * Creates the key table in the service's schema if missing. An advisory lock serialises replicas starting at the
 * same moment, since concurrent CREATE ... IF NOT EXISTS can still collide in the catalog.
 */
export async function ensureIdempotencyTable(pool: pg.Pool, schema: string): Promise<void> {
  const table = idempotencyTable(schema);
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`idempotency-keys:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${table} (
        caller_id text NOT NULL,
        method text NOT NULL,
        route text NOT NULL,
        idempotency_key text NOT NULL,
        fingerprint text NOT NULL,
        state text NOT NULL CHECK (state IN ('in-progress', 'completed')),
        status_code integer,
        headers jsonb,
        body bytea,
        created_at timestamptz NOT NULL DEFAULT now(),
        locked_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        PRIMARY KEY (caller_id, method, route, idempotency_key)
      )`);
    await client.query(`CREATE INDEX IF NOT EXISTS idempotency_keys_created_at ON ${table} (created_at)`);
    // Which process (host:port) claimed a key, so its own restart frees what its crash left in progress.
    await client.query(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS claimed_by text`);
    // The operation every attempt under the key belongs to (idempotency-plugin.ts); null on keys claimed before.
    await client.query(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS operation_id uuid`);
  });
}

/** Minimum retention: clients may retry for a day (as with Stripe's keys), so nothing younger is ever pruned. */
export const minimumRetentionHours = 24;

/** Deletes keys older than `olderThanHours`; returns how many went. */
export async function pruneIdempotencyKeys(
  pool: pg.Pool,
  schema: string,
  olderThanHours = 48,
): Promise<number> {
  if (!(olderThanHours >= minimumRetentionHours)) {
    throw new RangeError(
      `Idempotency keys are kept at least ${minimumRetentionHours} hours, not ${olderThanHours}`,
    );
  }
  const result = await pool.query(
    `DELETE FROM ${idempotencyTable(schema)} WHERE created_at < now() - $1::double precision * interval '1 hour'`,
    [olderThanHours],
  );
  return result.rowCount ?? 0;
}
