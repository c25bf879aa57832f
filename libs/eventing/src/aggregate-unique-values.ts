import type pg from 'pg';
import {
  createUniqueValueReservations,
  type UniqueValueOptions,
  type UniqueValueReservations,
} from './unique-values.js';

export interface AggregateUniqueValueOptions<State> {
  db: pg.Pool;
  /** The owners' aggregate (an AggregateStore fits): a holder's current value is read from its own stream. */
  store: { read(ownerId: string): Promise<{ state: State }> };
  /** The value an owner in this state holds; null when it holds none (deleted, not live, never created). */
  valueOf: (state: State) => string | null;
  table: UniqueValueOptions['table'];
  takenMessage: UniqueValueOptions['takenMessage'];
}

/**
 * Reservations of a value that aggregates hold (a product's slug, an account's email): whether a stale
 * reservation's holder still holds the value is asked of the holder's own stream, as the read model may lag.
 */
export function aggregateUniqueValues<State>(
  options: AggregateUniqueValueOptions<State>,
): UniqueValueReservations {
  const { db, store, valueOf, table, takenMessage } = options;
  return createUniqueValueReservations({
    db,
    table,
    currentValueOf: async (ownerId) => valueOf((await store.read(ownerId)).state),
    takenMessage,
  });
}

/**
 * Runs a command holding `value` for its owner (nothing to hold when it is undefined): reserved before the command
 * appends, and released again if the command fails, when this call made the reservation and the owner does not
 * hold the value after all. One the owner already held is kept.
 */
export async function withReservation<T>(
  reservations: Pick<UniqueValueReservations, 'reserve' | 'releaseUnlessHeld'>,
  value: string | undefined,
  ownerId: string,
  command: () => Promise<T>,
): Promise<T> {
  if (value === undefined) return command();
  const reservedNow = await reservations.reserve(value, ownerId);
  try {
    return await command();
  } catch (error) {
    // The command's failure is what the caller must hear; a reservation left behind is stale in a minute and
    // taken over then (unique-values.ts).
    if (reservedNow) await reservations.releaseUnlessHeld(value, ownerId).catch(() => undefined);
    throw error;
  }
}
