import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { ConflictError } from '@app/domain';
import { assertIdentifier } from './migrations.js';
import { backoffDelay, sleep } from '@app/retry';

/** A waiter polls soon at first (leases are held for one command) and at most twice a second. */
const pollBackoff = { baseMs: 20, maxMs: 500 };

export interface LeaseOptions {
  db: pg.Pool;
  /** The schema whose `leases` table (ensureEventingTables) holds them. */
  schema: string;
  /** How long a lease lasts unless renewed: what a crashed holder blocks the others for. */
  ttlMs: number;
  /** How long a caller waits for a lease someone else holds before its command is refused. */
  waitMs: number;
  /** The refusal's sentence, shown to the user: someone else is doing the same kind of change. */
  busyMessage: string;
}

/** Given to the work done under a lease. */
export interface HeldLease {
  /**
   * Renews the lease, or throws the busy ConflictError when it has run out and may be someone else's. Call it
   * right before the step that must not run twice at once (an append), so that step starts with a full lease.
   */
  confirm(): Promise<void>;
}

export interface Leases {
  /** Runs `work` while no other caller on any replica holds the lease `name`. */
  exclusively<T>(name: string, work: (lease: HeldLease) => Promise<T>): Promise<T>;
  /** Runs `work` if the lease `name` is free right now; null, without waiting, when someone else holds it. */
  tryExclusively<T>(name: string, work: (lease: HeldLease) => Promise<T>): Promise<T | null>;
}

/**
 * Mutual exclusion across replicas without holding a connection: a lease is a row taken, renewed and given back
 * by single autocommit statements, and a waiter polls with backoff rather than waiting inside Postgres. A
 * transaction-scoped advisory lock would keep one pooled connection for the whole command while the command
 * needs others from the same pool; enough such commands at once and none can go on. A holder that dies leaves
 * its lease to run out after `ttlMs`.
 */
export function createLeases(options: LeaseOptions): Leases {
  const { db, ttlMs, waitMs, busyMessage } = options;
  assertIdentifier(options.schema);
  const table = `${options.schema}.leases`;

  async function take(name: string, holder: string): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO ${table} AS l (name, holder, expires_at)
       VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
         WHERE l.expires_at < now()`,
      [name, holder, ttlMs],
    );
    return rowCount === 1;
  }

  async function acquire(name: string, holder: string): Promise<void> {
    const deadline = Date.now() + waitMs;
    for (let attempt = 0; !(await take(name, holder)); attempt += 1) {
      if (Date.now() >= deadline) throw new ConflictError(busyMessage);
      await sleep(Math.min(backoffDelay(attempt, pollBackoff), Math.max(0, deadline - Date.now())));
    }
  }

  async function holding<T>(
    name: string,
    holder: string,
    work: (lease: HeldLease) => Promise<T>,
  ): Promise<T> {
    const lease: HeldLease = {
      async confirm() {
        const { rowCount } = await db.query(
          `UPDATE ${table} SET expires_at = now() + $3 * interval '1 millisecond'
           WHERE name = $1 AND holder = $2 AND expires_at > now()`,
          [name, holder, ttlMs],
        );
        if (rowCount !== 1) throw new ConflictError(busyMessage);
      },
    };
    try {
      return await work(lease);
    } finally {
      // Best effort: if this fails (the database is away), the lease simply runs out.
      await db
        .query(`DELETE FROM ${table} WHERE name = $1 AND holder = $2`, [name, holder])
        .catch(() => undefined);
    }
  }

  return {
    async exclusively(name, work) {
      const holder = randomUUID();
      await acquire(name, holder);
      return holding(name, holder, work);
    },
    async tryExclusively(name, work) {
      const holder = randomUUID();
      if (!(await take(name, holder))) return null;
      return holding(name, holder, work);
    },
  };
}
