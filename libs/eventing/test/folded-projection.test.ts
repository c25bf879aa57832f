import { randomUUID } from 'node:crypto';
import { startedForFile } from '@app/test-support/started-for-file';
import { describe, expect, it } from 'vitest';
import { foldedProjection } from '../src/projections/folded-projection.js';
import type { Projection } from '../src/projections/projection.js';
import type { RecordedEvent } from '../src/event-store.js';
import { inTransaction } from '../src/postgres/transaction.js';
import { createStoreFixture } from './projection-fixtures.js';

const fixture = startedForFile(createStoreFixture);

type AccountRow = { owner: string; currency: string; balance: number; deposits: number; opened_at: string };

type AccountEvent =
  | { type: 'Opened'; data: { owner: string; currency: string; at: string } }
  | { type: 'Deposited'; data: { owner: string; currency: string; amount: number } }
  | { type: 'Noted'; data: Record<string, never> }
  | { type: 'Closed'; data: { owner: string; currency: string } }
  | { type: 'Unhandled'; data: { owner: string; currency: string } };

/** Accounts keyed by (owner, currency), in a table of the test's own with a column the projection does not own. */
async function accounts() {
  const table = `accounts_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  await fixture.db.pool.query(
    `CREATE TABLE ${table} (owner text, currency text, balance integer NOT NULL, deposits integer NOT NULL,
       opened_at timestamptz NOT NULL, note text, PRIMARY KEY (owner, currency))`,
  );
  const projection = foldedProjection<AccountRow, AccountEvent>({
    name: `test.${table}`,
    eventTypes: ['Opened', 'Deposited', 'Noted', 'Closed', 'Unhandled'],
    table,
    key: ['owner', 'currency'],
    columns: ['owner', 'currency', 'balance', 'deposits', 'opened_at'],
    decode: (recorded) => ({ type: recorded.type, data: recorded.data }) as AccountEvent,
    rowKeyOf: (event) => (event.type === 'Noted' ? null : event.data),
    fold(row, event) {
      if (event.type === 'Opened') {
        return row ?? { ...event.data, balance: 0, deposits: 0, opened_at: event.data.at };
      }
      if (!row) return row;
      switch (event.type) {
        case 'Closed':
          return null;
        case 'Deposited':
          return { ...row, balance: row.balance + event.data.amount, deposits: row.deposits + 1 };
        case 'Noted':
          return row;
      }
      // 'Unhandled' falls through, as a type added to the events and forgotten here would.
      return undefined;
    },
    reset: async (tx) => {
      await tx.query(`TRUNCATE ${table}`);
    },
  });
  const rows = async () =>
    (
      await fixture.db.pool.query(
        `SELECT owner, currency, balance, deposits, opened_at, note, xmin::text AS version FROM ${table}
         ORDER BY owner, currency`,
      )
    ).rows;
  return { table, projection, rows };
}

let revision = 0;
function event(type: AccountEvent['type'], data: object): RecordedEvent {
  revision += 1;
  return {
    id: randomUUID(),
    type,
    data: { ...data },
    metadata: {},
    streamName: 'account-1',
    revision,
    position: { commit: BigInt(revision), prepare: BigInt(revision) },
    recordedAt: new Date(),
  };
}

const opened = (owner: string, currency = 'usd') =>
  event('Opened', { owner, currency, at: '2026-11-26T10:00:00.123456Z' });
const deposited = (owner: string, amount: number, currency = 'usd') =>
  event('Deposited', { owner, currency, amount });

function applyBatch(projection: Projection, events: RecordedEvent[]) {
  return inTransaction(fixture.db.pool, (tx) => projection.applyBatch!(events, tx));
}

describe('foldedProjection', () => {
  it('folds a batch in log order, into rows new in it and rows of earlier batches, leaving other columns', async () => {
    const { table, projection, rows } = await accounts();
    await applyBatch(projection, [
      opened('ada'),
      deposited('ada', 5),
      deposited('bob', 3),
      event('Noted', {}),
      opened('ada'),
    ]);
    await fixture.db.pool.query(`UPDATE ${table} SET note = 'kept'`);
    await applyBatch(projection, [deposited('ada', 2), opened('bob', 'eur'), deposited('bob', 4, 'eur')]);

    expect(await rows()).toMatchObject([
      { owner: 'ada', currency: 'usd', balance: 7, deposits: 2, note: 'kept' },
      { owner: 'bob', currency: 'eur', balance: 4, deposits: 1, note: null },
    ]);
    // The timestamp went through JSON both ways and kept its microseconds.
    const [{ opened_at }] = (
      await fixture.db.pool.query<{ opened_at: string }>(`SELECT opened_at::text FROM ${table} LIMIT 1`)
    ).rows as [{ opened_at: string }];
    expect(opened_at).toMatch(/10:00:00\.123456/);
  });

  it('leaves the same rows whether the events come one by one or in one batch', async () => {
    const history = [
      opened('ada'),
      deposited('ada', 5),
      opened('cy'),
      deposited('cy', 1),
      deposited('ada', 9),
    ];
    const oneByOne = await accounts();
    for (const recorded of history) {
      await inTransaction(fixture.db.pool, (tx) => oneByOne.projection.apply(recorded, tx));
    }
    const batched = await accounts();
    await applyBatch(batched.projection, history);

    const withoutVersion = (rows: Array<Record<string, unknown>>) =>
      rows.map(({ version: _, ...row }) => row);
    expect(withoutVersion(await batched.rows())).toEqual(withoutVersion(await oneByOne.rows()));
  });

  it('writes nothing when no fold changes a row', async () => {
    const { projection, rows } = await accounts();
    await applyBatch(projection, [opened('ada')]);
    const [before] = await rows();
    await applyBatch(projection, [opened('ada'), deposited('nobody', 3), event('Noted', {})]);
    const [after] = await rows();
    expect(after.version).toBe(before.version);
  });

  it('removes a row on null, and keeps one removed and made again in the same batch', async () => {
    const { projection, rows } = await accounts();
    await applyBatch(projection, [opened('ada'), opened('bob'), deposited('bob', 4)]);
    const closed = (owner: string) => event('Closed', { owner, currency: 'usd' });
    await applyBatch(projection, [closed('ada'), closed('bob'), opened('bob'), deposited('bob', 1)]);
    expect(await rows()).toMatchObject([{ owner: 'bob', balance: 1, deposits: 1 }]);
  });

  it('refuses a fold that answers no row for a row that exists, writing nothing of the batch', async () => {
    const { projection, rows } = await accounts();
    await applyBatch(projection, [opened('ada')]);
    await expect(
      applyBatch(projection, [deposited('ada', 1), event('Unhandled', { owner: 'ada', currency: 'usd' })]),
    ).rejects.toThrow(/null removes one/);
    expect(await rows()).toMatchObject([{ owner: 'ada', balance: 0 }]);
  });

  it('refuses a key column it does not own', () => {
    expect(() =>
      foldedProjection<AccountRow, AccountEvent>({
        name: 'test.bad',
        eventTypes: [],
        table: 'accounts',
        key: ['owner'],
        columns: ['balance'],
        decode: () => ({ type: 'Noted', data: {} }),
        rowKeyOf: () => null,
        fold: (row) => row,
        reset: async () => undefined,
      }),
    ).toThrow(/key column owner/);
  });
});
