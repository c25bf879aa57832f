import type pg from 'pg';
import { assertIdentifier } from '@app/eventing';

/** One column value as JSON carries it; Postgres casts it to the column's type. */
type ColumnValue = string | number | boolean | null;
export type RowColumns = Record<string, ColumnValue>;

/** A batch's changes to one read-model table, folded in memory and written when the batch ends. */
export interface FoldedBatch<Row extends RowColumns & { id: string }> {
  /** A row its stream begins in this batch; a replay over a row already there rewrites it. */
  create(row: Row): void;
  /** Sets some columns of a row, new in this batch or not; the latest value of each column wins. */
  change(id: string, columns: Partial<Row>): void;
  /** Writes what the batch folded: one statement for the new rows, one for the changed ones. */
  write(tx: pg.PoolClient): Promise<void>;
  /** The ids of the rows this batch creates. */
  createdIds(): string[];
}

/**
 * A projection's rows written a batch at a time (rebuilds replay every event, ARCHITECTURE.md "Read models can be
 * rebuilt"): the batch's events fold into rows in memory, in log order, and two statements write them whatever
 * the batch holds, where one statement per event would cost a round trip each. Unlike @app/eventing's rowTable, a
 * row that exists already is rewritten by its creation (a rebuild in place keeps rows), and changes to rows of
 * earlier batches go out together, through jsonb_populate_record over the stored row. `columns` are those the
 * projection owns, id first; any other column of the table (another writer's) is left as it is.
 */
export function foldedRows<Row extends RowColumns & { id: string }>(
  table: string,
  columns: readonly string[],
) {
  for (const identifier of [table, ...columns]) assertIdentifier(identifier);
  if (columns[0] !== 'id') throw new Error(`${table}: the first column folded must be id`);
  const list = columns.join(', ');
  const changeable = columns.slice(1);
  const upsert = `INSERT INTO ${table} (${list})
    SELECT ${list} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)
    ON CONFLICT (id) DO UPDATE SET (${changeable.join(', ')}) =
      ROW(${changeable.map((column) => `excluded.${column}`).join(', ')})`;
  const update = `UPDATE ${table} AS stored SET (${changeable.join(', ')}) = (
      SELECT ${changeable.map((column) => `changed.${column}`).join(', ')}
      FROM jsonb_populate_record(stored, change.columns) AS changed
    )
    FROM jsonb_array_elements($1::jsonb) AS change(columns)
    WHERE stored.id = (change.columns ->> 'id')::uuid`;

  return {
    batch(): FoldedBatch<Row> {
      const created = new Map<string, Row>();
      const changed = new Map<string, Partial<Row>>();
      return {
        create(row) {
          changed.delete(row.id);
          created.set(row.id, row);
        },
        change(id, values) {
          const pending = created.get(id) ?? changed.get(id);
          if (pending) Object.assign(pending, values);
          else changed.set(id, { ...values, id });
        },
        async write(tx) {
          if (created.size > 0) await tx.query(upsert, [JSON.stringify([...created.values()])]);
          if (changed.size > 0) await tx.query(update, [JSON.stringify([...changed.values()])]);
        },
        createdIds() {
          return [...created.keys()];
        },
      };
    },
  };
}
