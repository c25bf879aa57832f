import type pg from 'pg';
import { quoted, type Queryable } from '../checkpoints.js';
import { mapBounded } from '@app/concurrency';
import { inTransaction } from '../postgres/transaction.js';

/**
 * A rebuild loads its tables without their secondary indexes and builds them once at the end, as Postgres's own
 * advice for filling a table goes ("Populating a Database"): one sorted build costs far less than keeping each
 * index, trigram indexes above all, row by row. Only indexes nothing depends on are deferred: not the primary key,
 * not a unique index (an upsert's conflict target, a rule the data keeps), not one behind a constraint.
 *
 * Each deferred index is written down in `deferred_indexes` in the transaction that drops it, so none can be lost:
 * the rebuild builds them again when it ends, fails or is stopped, and a rebuild that was killed leaves them
 * written down for the next one, or for the service's next start (startProjections), to build.
 */
export async function deferIndexes(
  tx: Queryable,
  schema: string,
  projection: string,
  tables: readonly string[],
): Promise<number> {
  if (tables.length === 0) return 0;
  const { rows } = await tx.query<{ name: string }>(
    `INSERT INTO ${quoted(schema)}.deferred_indexes (projection, name, definition)
     SELECT $1, i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid)
     FROM pg_index AS i
     WHERE i.indrelid = ANY ($2::text[]::regclass[])
       AND NOT i.indisprimary AND NOT i.indisunique AND NOT i.indisexclusion
       AND NOT EXISTS (SELECT 1 FROM pg_constraint AS c WHERE c.conindid = i.indexrelid)
     ON CONFLICT DO NOTHING
     RETURNING name`,
    [projection, tables],
  );
  // The names come from regclass's own output: quoted and qualified as an identifier needs.
  for (const { name } of rows) await tx.query(`DROP INDEX ${name}`);
  return rows.length;
}

/** Index builds at once: the trigram ones are single-threaded in Postgres, and a build is CPU-bound. */
const buildsAtOnce = 2;

/**
 * Builds the indexes deferred for `projection` (every projection's without one) and forgets them: each in a
 * transaction of its own, two at once. Its DELETE locks the index's row, so a second caller waits for the build
 * and then finds nothing left to do; a failed build leaves its row for the next caller.
 */
export async function restoreDeferredIndexes(
  pool: pg.Pool,
  schema: string,
  projection?: string,
): Promise<number> {
  const { rows } = await pool.query<{ projection: string; name: string }>(
    `SELECT projection, name FROM ${quoted(schema)}.deferred_indexes WHERE $1::text IS NULL OR projection = $1`,
    [projection ?? null],
  );
  const built = await mapBounded(rows, buildsAtOnce, (index) =>
    inTransaction(pool, async (tx) => {
      const { rows: claimed } = await tx.query<{ definition: string; present: boolean }>(
        `DELETE FROM ${quoted(schema)}.deferred_indexes WHERE projection = $1 AND name = $2
         RETURNING definition, to_regclass(name) IS NOT NULL AS present`,
        [index.projection, index.name],
      );
      const missing = claimed.filter((row) => !row.present);
      for (const { definition } of missing) await tx.query(definition);
      return missing.length;
    }),
  );
  return built.reduce((sum, count) => sum + count, 0);
}
