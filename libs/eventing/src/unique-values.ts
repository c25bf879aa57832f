import type pg from 'pg';
import { ConflictError } from '@app/domain';
import { assertIdentifier } from './migrations.js';

/**
 * Uniqueness across aggregates (a product's slug, an account's email). The event store checks one stream at a
 * time, so the command path reserves the value in a table before it appends, and releases it if the command
 * fails. A reservation left behind by a crash, or by a change whose release never ran, is stale once it is
 * older than any command takes and its owner does not hold the value; it is then taken over.
 */
export interface UniqueValueReservations {
  /** Resolves true when this call made the reservation (so a failed command should release it). */
  reserve(value: string, ownerId: string): Promise<boolean>;
  release(value: string, ownerId: string): Promise<void>;
  /**
   * After a command failed: releases the reservation unless the owner's stream holds the value after all (the
   * command's events were stored and only its answer was lost), which a release would leave unguarded.
   */
  releaseUnlessHeld(value: string, ownerId: string): Promise<void>;
  /** After a change or deletion: drops every reservation of the owner except the value it now holds. */
  releaseAllExcept(ownerId: string, keptValue: string | null): Promise<void>;
}

export interface UniqueValueOptions {
  db: pg.Pool;
  /** A table with a primary-key value column, an owner id column and `reserved_at timestamptz default now()`. */
  table: { name: string; valueColumn: string; ownerColumn: string };
  /** The value the owner holds now, from its own stream (the read model may lag). */
  currentValueOf: (ownerId: string) => Promise<string | null>;
  takenMessage: (value: string) => string;
  staleAfterSeconds?: number;
}

export function createUniqueValueReservations(options: UniqueValueOptions): UniqueValueReservations {
  const { db, currentValueOf, takenMessage, staleAfterSeconds = 60 } = options;
  const { name: table, valueColumn: value, ownerColumn: owner } = options.table;
  for (const identifier of [table, value, owner]) assertIdentifier(identifier);

  const release = async (candidate: string, ownerId: string) => {
    await db.query(`DELETE FROM ${table} WHERE ${value} = $1 AND ${owner} = $2`, [candidate, ownerId]);
  };

  return {
    async reserve(candidate, ownerId) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const inserted = await db.query(
          `INSERT INTO ${table} (${value}, ${owner}) VALUES ($1, $2) ON CONFLICT (${value}) DO NOTHING`,
          [candidate, ownerId],
        );
        if (inserted.rowCount === 1) return true;
        const { rows } = await db.query<{ owner_id: string; age_seconds: number }>(
          `SELECT ${owner} AS owner_id, extract(epoch FROM now() - reserved_at)::float8 AS age_seconds
           FROM ${table} WHERE ${value} = $1`,
          [candidate],
        );
        const holder = rows[0];
        if (!holder) continue;
        if (holder.owner_id === ownerId) return false;
        const stale =
          holder.age_seconds > staleAfterSeconds && (await currentValueOf(holder.owner_id)) !== candidate;
        if (!stale) throw new ConflictError(takenMessage(candidate));
        await release(candidate, holder.owner_id);
      }
      // Three rounds of contention: someone else is claiming it right now, so for this caller it is taken.
      throw new ConflictError(takenMessage(candidate));
    },
    release,
    async releaseUnlessHeld(candidate, ownerId) {
      if ((await currentValueOf(ownerId)) !== candidate) await release(candidate, ownerId);
    },
    async releaseAllExcept(ownerId, keptValue) {
      await db.query(`DELETE FROM ${table} WHERE ${owner} = $1 AND ${value} IS DISTINCT FROM $2`, [
        ownerId,
        keptValue,
      ]);
    },
  };
}
