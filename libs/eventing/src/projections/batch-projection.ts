import type pg from 'pg';
import type { RecordedEvent } from '../event-store.js';
import { assertIdentifier } from '../migrations.js';
import type { Projection } from './projection.js';

/**
 * A projection with one code path, its batch: a single event is applied as a batch of one, so live events,
 * catch-up and rebuilds all go through the same code.
 */
export function batchProjection(
  definition: Omit<Projection, 'apply' | 'applyBatch'> & {
    applyBatch(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void>;
  },
): Projection {
  return { ...definition, apply: (event, tx) => definition.applyBatch([event], tx) };
}

/** One batch's changes to a read-model table (rowTable). */
export interface RowBatch<Row extends { id: string }> {
  /** A row new in this batch: kept in memory and written by flush(). */
  insert(row: Row): void;
  /** Sets some columns: in memory when the row is new in this batch, else by an UPDATE of its row. */
  update(id: string, columns: Partial<Row>): Promise<void>;
  /** Removes the row: from memory when it is new in this batch, else by a DELETE. */
  delete(id: string): Promise<void>;
  /** Writes the batch's new rows with one multi-row insert; a row already there (a replay) is left as it is. */
  flush(): Promise<void>;
}

/** A read-model table that rowTable describes. */
export interface RowTable<Row extends { id: string }> {
  batch(tx: pg.PoolClient): RowBatch<Row>;
}

/**
 * A projection kept in one table (rowTable) with as few round trips as possible: each event of a batch is applied
 * in log order to the batch's rows, which are written when the batch ends.
 */
export function rowProjection<Row extends { id: string }>(
  definition: Omit<Projection, 'apply' | 'applyBatch'> & {
    table: RowTable<Row>;
    applyEvent(event: RecordedEvent, rows: RowBatch<Row>): Promise<void>;
  },
): Projection {
  const { table, applyEvent, ...projection } = definition;
  return batchProjection({
    ...projection,
    async applyBatch(events, tx) {
      const rows = table.batch(tx);
      for (const event of events) await applyEvent(event, rows);
      await rows.flush();
    },
  });
}

/**
 * A read-model table keyed by `id`, changed a batch at a time with as few round trips as possible (a rebuild
 * replays every event): rows created in the batch are folded in memory and inserted together at the end; rows
 * created earlier are updated in place. `columns` gives each column's Postgres type, for the insert's record set;
 * `jsonb` values are sent as JSON.
 */
export function rowTable<Row extends { id: string }>(
  table: string,
  columns: { [Column in keyof Row]-?: string },
): RowTable<Row> {
  const names = Object.keys(columns);
  for (const identifier of [table, ...names]) assertIdentifier(identifier);
  const types = columns as Record<string, string>;
  const columnList = names.join(', ');
  const recordType = names.map((name) => `${name} ${types[name]}`).join(', ');
  const insert = `INSERT INTO ${table} (${columnList})
    SELECT ${columnList} FROM jsonb_to_recordset($1::jsonb) AS r(${recordType})
    ON CONFLICT (id) DO NOTHING`;
  const sqlValue = (name: string, value: unknown) =>
    types[name] === 'jsonb' ? JSON.stringify(value) : value;

  return {
    batch(tx) {
      const created = new Map<string, Row>();
      return {
        insert(row) {
          created.set(row.id, row);
        },
        async update(id, changes) {
          const pending = created.get(id);
          if (pending) {
            Object.assign(pending, changes);
            return;
          }
          const entries = Object.entries(changes);
          const unknown = entries.find(([name]) => !(name in types));
          if (unknown) throw new Error(`${table} has no column ${unknown[0]}`);
          const assignments = entries.map(([name], index) => `${name} = $${index + 2}`).join(', ');
          await tx.query(`UPDATE ${table} SET ${assignments} WHERE id = $1`, [
            id,
            ...entries.map(([name, value]) => sqlValue(name, value)),
          ]);
        },
        async delete(id) {
          if (created.delete(id)) return;
          await tx.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
        },
        async flush() {
          if (created.size > 0) await tx.query(insert, [JSON.stringify([...created.values()])]);
        },
      };
    },
  };
}
