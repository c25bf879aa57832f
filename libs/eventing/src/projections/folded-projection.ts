import type pg from 'pg';
import type { RecordedEvent } from '../event-store.js';
import { assertIdentifier } from '../migrations.js';
import type { Projection } from './projection.js';

/** One column's value as JSON carries it to and from Postgres (timestamps as ISO text, bigint as a number). */
export type FoldedValue = string | number | boolean | null;
export type FoldedRow = Record<string, FoldedValue>;

export interface FoldedProjectionDefinition<Row extends FoldedRow, Event> {
  /** Also its checkpoint name (Projection.name). */
  name: string;
  eventTypes: readonly string[];
  reset(tx: pg.PoolClient): Promise<void>;
  /** The read-model table; one row per key. */
  table: string;
  /** The table's primary key columns; a row's key never changes. */
  key: readonly (keyof Row & string)[];
  /** The columns the projection owns, key included; any other column of the table is left as it is. */
  columns: readonly (keyof Row & string)[];
  /** Reads a recorded event of one of eventTypes. */
  decode(recorded: RecordedEvent): Event;
  /** The key columns of the row an event folds into, or null when it folds into none. */
  rowKeyOf(event: Event): Partial<Row> | null;
  /**
   * The row after the event: pure, given the row as it stands (undefined when there is none yet). Returning the
   * same object means no change; returning undefined is allowed only where there was no row.
   */
  fold(row: Row | undefined, event: Event, recorded: RecordedEvent): Row | undefined;
}

/**
 * A projection whose logic is a pure fold over rows (ARCHITECTURE.md "Read models can be rebuilt"): a batch reads
 * the rows its events touch in one statement, folds every event into them in memory in log order, and writes the
 * rows that changed in one more. Three round trips per batch whatever it holds, where one statement per event would
 * cost one each; live events are batches of one, so one code path serves live, catch-up and rebuild.
 */
export function foldedProjection<Row extends FoldedRow, Event>(
  definition: FoldedProjectionDefinition<Row, Event>,
): Projection {
  const { table, key, columns } = definition;
  for (const identifier of [table, ...columns]) assertIdentifier(identifier);
  const missingKey = key.find((column) => !columns.includes(column));
  if (missingKey) throw new Error(`${table}: key column ${missingKey} must be one of the columns`);
  // jsonb_build_object takes at most 100 arguments, a name and a value per column.
  if (columns.length > 50) throw new Error(`${table}: a folded projection owns at most 50 columns`);
  const statements = foldedStatements(table, key, columns);
  const keyText = (row: Partial<Row>) => JSON.stringify(key.map((column) => row[column] ?? null));

  async function applyBatch(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void> {
    const folds = events.flatMap((recorded) => {
      const event = definition.decode(recorded);
      const rowKey = definition.rowKeyOf(event);
      return rowKey ? [{ recorded, event, id: keyText(rowKey), rowKey }] : [];
    });
    if (folds.length === 0) return;
    const keys = new Map(folds.map((entry) => [entry.id, entry.rowKey]));
    const { rows: stored } = await tx.query<{ row: Row }>(statements.load, [
      JSON.stringify([...keys.values()]),
    ]);
    const rows = new Map(stored.map(({ row }) => [keyText(row), row]));
    const changed = new Set<string>();
    for (const { recorded, event, id } of folds) {
      const before = rows.get(id);
      const after = definition.fold(before, event, recorded);
      if (after === before) continue;
      if (after === undefined) throw new Error(`${definition.name}: a fold cannot remove a row of ${table}`);
      rows.set(id, after);
      changed.add(id);
    }
    if (changed.size === 0) return;
    const written = [...changed].map((id) => rows.get(id));
    await tx.query(statements.upsert, [JSON.stringify(written)]);
  }

  return {
    name: definition.name,
    eventTypes: definition.eventTypes,
    reset: definition.reset,
    applyBatch,
    apply: (event, tx) => applyBatch([event], tx),
  };
}

/** The batch's two statements: read the touched rows as JSON, and upsert the changed ones from JSON. */
function foldedStatements(table: string, key: readonly string[], columns: readonly string[]) {
  const list = columns.join(', ');
  const owned = columns.filter((column) => !key.includes(column));
  const asJson = columns.map((column) => `'${column}', stored.${column}`).join(', ');
  const onConflict =
    owned.length === 0
      ? 'DO NOTHING'
      : `DO UPDATE SET (${owned.join(', ')}) = ROW(${owned.map((column) => `excluded.${column}`).join(', ')})`;
  return {
    load: `SELECT jsonb_build_object(${asJson}) AS row
      FROM ${table} AS stored
      JOIN jsonb_populate_recordset(NULL::${table}, $1::jsonb) AS wanted USING (${key.join(', ')})`,
    upsert: `INSERT INTO ${table} (${list})
      SELECT ${list} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)
      ON CONFLICT (${key.join(', ')}) ${onConflict}`,
  };
}
