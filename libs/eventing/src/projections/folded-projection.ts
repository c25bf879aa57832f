import type pg from 'pg';
import type { RecordedEvent } from '../event-store.js';
import type { Projection } from './projection.js';
import { foldedTable, type FoldedRow } from './folded-table.js';

export interface FoldedProjectionDefinition<Row extends FoldedRow<Row>, Event> {
  /** Also its checkpoint name (Projection.name). */
  name: string;
  eventTypes: readonly string[];
  reset(tx: pg.PoolClient): Promise<void>;
  /** The read-model table, its primary key and the columns the projection owns (folded-table.ts). */
  table: string;
  key: readonly (keyof Row & string)[];
  columns: readonly (keyof Row & string)[];
  /** Reads a recorded event of one of eventTypes. */
  decode(recorded: RecordedEvent): Event;
  /** The key columns of the row an event folds into, or null when it folds into none. */
  rowKeyOf(event: Event): Partial<Row> | null;
  /** The row after the event, given the row as it stands (undefined when there is none): RowFold.fold. */
  fold(row: Row | undefined, event: Event, recorded: RecordedEvent): Row | null | undefined;
}

/**
 * A projection kept in one table whose logic is a pure fold over its rows (folded-table.ts): a batch costs three
 * statements whatever it holds. Live events are batches of one, so one code path serves live events, catch-up and
 * rebuilds.
 */
export function foldedProjection<Row extends FoldedRow<Row>, Event>(
  definition: FoldedProjectionDefinition<Row, Event>,
): Projection {
  const table = foldedTable<Row>(definition);

  async function applyBatch(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void> {
    const folds = events.flatMap((recorded) => {
      const event = definition.decode(recorded);
      const key = definition.rowKeyOf(event);
      return key ? [{ key, fold: (row: Row | undefined) => definition.fold(row, event, recorded) }] : [];
    });
    await table.apply(tx, folds);
  }

  return {
    name: definition.name,
    eventTypes: definition.eventTypes,
    reset: definition.reset,
    // Its statements reach rows by key only (folded-table.ts).
    rebuildTables: [definition.table],
    applyBatch,
    apply: (event, tx) => applyBatch([event], tx),
  };
}
