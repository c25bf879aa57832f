import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConflictError } from '@app/domain';
import { createTestDatabase, type TestDatabase } from '@app/test-support';
import { createUniqueValueReservations } from '../src/unique-values.js';

let database: TestDatabase;
const holds = new Map<string, string | null>();

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'));
  await database.pool.query(
    'CREATE TABLE handles (handle text PRIMARY KEY, owner_id text NOT NULL, reserved_at timestamptz NOT NULL DEFAULT now())',
  );
});
afterAll(async () => {
  await database?.drop();
});

const reservations = () =>
  createUniqueValueReservations({
    db: database.pool,
    table: { name: 'handles', valueColumn: 'handle', ownerColumn: 'owner_id' },
    currentValueOf: async (ownerId) => holds.get(ownerId) ?? null,
    takenMessage: (handle) => `${handle} is taken`,
  });

async function age(handle: string, seconds: number): Promise<void> {
  await database.pool.query(
    `UPDATE handles SET reserved_at = now() - make_interval(secs => $2) WHERE handle = $1`,
    [handle, seconds],
  );
}

describe('unique value reservations', () => {
  it('gives a value to one owner, says so again to that owner, and refuses it to others', async () => {
    const values = reservations();
    expect(await values.reserve('alpha', 'a')).toBe(true);
    expect(await values.reserve('alpha', 'a')).toBe(false);
    await expect(values.reserve('alpha', 'b')).rejects.toThrow(new ConflictError('alpha is taken'));
  });

  it('frees a value on release and keeps only the held one on releaseAllExcept', async () => {
    const values = reservations();
    await values.reserve('beta-1', 'b');
    await values.reserve('beta-2', 'b');
    await values.releaseAllExcept('b', 'beta-2');
    expect(await values.reserve('beta-1', 'c')).toBe(true);
    await values.release('beta-2', 'b');
    expect(await values.reserve('beta-2', 'c')).toBe(true);
  });

  it("keeps a failed command's reservation when its owner holds the value after all (the answer was lost)", async () => {
    const values = reservations();
    await values.reserve('eta', 'stored');
    await values.reserve('theta', 'failed');
    holds.set('stored', 'eta');
    holds.set('failed', null);

    await values.releaseUnlessHeld('eta', 'stored');
    await values.releaseUnlessHeld('theta', 'failed');

    await expect(values.reserve('eta', 'other')).rejects.toThrow(ConflictError);
    expect(await values.reserve('theta', 'other')).toBe(true);
  });

  it('takes over an old reservation whose owner does not hold the value, and only then', async () => {
    const values = reservations();
    await values.reserve('gamma', 'crashed');
    holds.set('crashed', null);
    await expect(values.reserve('gamma', 'd')).rejects.toThrow(ConflictError); // young: maybe still in flight
    await age('gamma', 120);
    expect(await values.reserve('gamma', 'd')).toBe(true);

    await values.reserve('delta', 'holder');
    holds.set('holder', 'delta');
    await age('delta', 120);
    await expect(values.reserve('delta', 'e')).rejects.toThrow(ConflictError); // old but really held
  });

  it('lets exactly one of several concurrent claimants win', async () => {
    const values = reservations();
    const results = await Promise.allSettled(
      ['x', 'y', 'z'].map((owner) => values.reserve('epsilon', owner)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});
