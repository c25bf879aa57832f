import type pg from 'pg';
import { createLeases, type HeldLease } from '@app/eventing';
import { billingSchema } from '../../config.js';

/**
 * One renewal tick at a time across billing's replicas: a lease (leases.ts), tried rather than waited for (the
 * replica that does not get it skips its tick; the holder is doing the work). Correctness does not rest on it,
 * since every step is idempotent by fixed ids; it keeps two replicas from charging the same card in the same
 * second and having the provider refuse one as a concurrent repeat. A crashed holder's lease runs out after five
 * minutes, longer than any one charge takes; a holder renews it before each step.
 */
export type RenewalLease = <T>(tick: (lease: HeldLease) => Promise<T>) => Promise<T | null>;

export function createRenewalLease(pool: pg.Pool): RenewalLease {
  const leases = createLeases({
    db: pool,
    schema: billingSchema,
    ttlMs: 5 * 60_000,
    waitMs: 0,
    busyMessage: 'Another billing replica is running the renewals',
  });
  return (tick) => leases.tryExclusively('billing.renewals', tick);
}
