import type pg from 'pg';
import { assertIdentifier } from '../migrations.js';

/** A column's value as JSON carries it to and from Postgres: timestamps as ISO text, bigint as a number. */
export type FoldedValue =
  string | number | boolean | null | readonly unknown[] | { readonly [key: string]: unknown };

/** One read-model row, its names the table's columns. */
export type FoldedRow<Row> = { [Column in keyof Row]: FoldedValue };

/** One event's effect on one row: the row's key, and the row after it given the row as it stands. */
export interface RowFold<Row> {
  key: Partial<Row>;
  /**
   * Pure. The same object back means no change; null removes the row. Undefined is for a row that does not exist
   * and stays so: for one that does, it throws, so a fold that falls through (an event type added later and not
   * handled) cannot delete a row silently.
   */
  fold(row: Row | undefined): Row | null | undefined;
}

/** A row a batch changed: as it stood before the batch (undefined when new) and after (undefined when removed). */
export interface RowChange<Row> {
  before: Row | undefined;
  after: Row | undefined;
}

export interface FoldedTable<Row> {
  /**
   * Reads the rows the folds touch (one statement), applies the folds in order in memory, then removes and writes
   * the rows that changed (one statement each at most). Answers the changes, for a caller that keeps figures
   * derived from them.
   */
  apply(tx: pg.PoolClient, folds: readonly RowFold<Row>[]): Promise<RowChange<Row>[]>;
}

/**
 * A read-model table changed a batch of events at a time (ARCHITECTURE.md "Read models can be rebuilt"): three
 * statements per batch whatever it holds, where one statement per event would cost a round trip each, and the
 * logic a pure fold over rows. `columns` are those the projection owns, key included; any other column of the
 * table (another writer's) is neither read nor written.
 */
export function foldedTable<Row extends FoldedRow<Row>>(definition: {
  table: string;
  /** The table's primary key columns; a row's key never changes. */
  key: readonly (keyof Row & string)[];
  columns: readonly (keyof Row & string)[];
}): FoldedTable<Row> {
  const { table, key, columns } = definition;
  for (const identifier of [table, ...columns]) assertIdentifier(identifier);
  const missingKey = key.find((column) => !columns.includes(column));
  if (missingKey) throw new Error(`${table}: key column ${missingKey} must be one of the columns`);
  // jsonb_build_object takes at most 100 arguments, a name and a value per column.
  if (columns.length > 50) throw new Error(`${table}: a folded table has at most 50 columns`);
  const statements = foldedStatements(table, key, columns);
  const keyText = (row: Partial<Row>) => JSON.stringify(key.map((column) => row[column] ?? null));
  const keyOf = (row: Row) => Object.fromEntries(key.map((column) => [column, row[column]]));

  return {
    async apply(tx, folds) {
      if (folds.length === 0) return [];
      const wanted = new Map(folds.map((fold) => [keyText(fold.key), fold.key]));
      const { rows: stored } = await tx.query<{ row: Row }>(statements.load, [
        JSON.stringify([...wanted.values()]),
      ]);
      const before = new Map(stored.map(({ row }) => [keyText(row), row]));
      const after = new Map(before);
      const changed = new Set<string>();
      for (const fold of folds) {
        const id = keyText(fold.key);
        const current = after.get(id);
        const next = fold.fold(current);
        if (next === current) continue;
        if (next === undefined)
          throw new Error(`${table}: a fold answered no row for row ${id}; null removes one`);
        if (next === null) after.delete(id);
        else after.set(id, next);
        changed.add(id);
      }
      const changes = [...changed].map((id) => ({ before: before.get(id), after: after.get(id) }));
      const removed = changes.flatMap(({ before: row, after: now }) => (row && !now ? [keyOf(row)] : []));
      const written = changes.flatMap(({ after: row }) => (row ? [row] : []));
      if (removed.length > 0) await tx.query(statements.remove, [JSON.stringify(removed)]);
      if (written.length > 0) await tx.query(statements.upsert, [JSON.stringify(written)]);
      return changes;
    },
  };
}

/** Read the touched rows as JSON; remove rows by key; upsert rows from JSON. */
function foldedStatements(table: string, key: readonly string[], columns: readonly string[]) {
  const list = columns.join(', ');
  const owned = columns.filter((column) => !key.includes(column));
  const asJson = columns.map((column) => `'${column}', stored.${column}`).join(', ');
  const keyRecords = `json_populate_recordset(NULL::${table}, $1::json)`;
  const onConflict =
    owned.length === 0
      ? 'DO NOTHING'
      : `DO UPDATE SET (${owned.join(', ')}) = ROW(${owned.map((column) => `excluded.${column}`).join(', ')})`;
  const sameKey = key.map((column) => `stored.${column} = gone.${column}`).join(' AND ');
  return {
    load: `SELECT jsonb_build_object(${asJson}) AS row
      FROM ${table} AS stored JOIN ${keyRecords} AS wanted USING (${key.join(', ')})`,
    remove: `DELETE FROM ${table} AS stored USING ${keyRecords} AS gone WHERE ${sameKey}`,
    upsert: `INSERT INTO ${table} (${list}) SELECT ${list} FROM ${keyRecords}
      ON CONFLICT (${key.join(', ')}) ${onConflict}`,
  };
}
