import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { inTransaction } from './postgres/transaction.js';

/**
 * Applies a service's numbered SQL files (`001_products.sql`, …) once each, in order, inside its own schema.
 * Hand-written rather than a migration framework: read models are rebuilt from events, so they only ever move
 * forward with plain SQL, and this is the whole of it. One advisory lock for the whole database lets several
 * replicas and services start at once: per schema would do for tables, but extensions (pg_trgm, for searches)
 * are the database's, and two services creating one at the same moment would collide. Extensions go to the
 * public schema (`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`) and are named with it, since a
 * service's search_path is its own schema only.
 */
export async function runMigrations(pool: pg.Pool, schema: string, directory: string): Promise<string[]> {
  assertIdentifier(schema);
  const files = (await readdir(directory)).filter((file) => /^\d+_[\w-]+\.sql$/.test(file)).sort();
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('migrations'))");
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM ${schema}.schema_migrations`);
    const applied = new Set(rows.map((row) => row.name));
    const pending = files.filter((file) => !applied.has(file));
    await client.query(`SET LOCAL search_path TO ${schema}`);
    for (const file of pending) {
      await client.query(await readFile(join(directory, file), 'utf8'));
      await client.query(`INSERT INTO ${schema}.schema_migrations (name) VALUES ($1)`, [file]);
    }
    return pending;
  });
}

export function assertIdentifier(name: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a safe SQL identifier: ${name}`);
}
