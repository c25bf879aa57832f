import { identityHeaders } from '@app/service-kit/testing';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usageRecordListSchema } from '@app/contracts';
import { startedForFile } from '@app/test-support/started-for-file';
import { countEvents, expectRefusedUnchanged, startBilling } from '../support/billing-harness.js';
import { newBuyer, uuidv7, type Buyer } from '../support/requests.js';
import { getUsage, storeBatch, usageBatch, usageTables } from './usage-support.js';

let clock = new Date('2026-03-15T12:00:00.000Z');
const h = startedForFile(() => startBilling({ now: () => clock }));
let casey: Buyer;
let jordan: Buyer;

beforeAll(async () => {
  casey = await newBuyer();
  jordan = await newBuyer();
  // Around March 2026 for Casey; Jordan's calls share Casey's batches and days.
  await storeBatch(h.pool, usageBatch('2026-02-28T23:59:50.000Z', { [casey.userId]: 7 }));
  await storeBatch(
    h.pool,
    usageBatch('2026-03-01T00:00:00.000Z', { [casey.userId]: 10, [jordan.userId]: 99 }),
  );
  await storeBatch(h.pool, usageBatch('2026-03-01T17:30:00.000Z', { [casey.userId]: 5 }));
  await storeBatch(h.pool, usageBatch('2026-03-31T23:59:55.000Z', { [casey.userId]: 3, [jordan.userId]: 1 }));
  await storeBatch(h.pool, usageBatch('2026-04-01T00:00:00.000Z', { [casey.userId]: 11 }));
});
beforeEach(() => {
  clock = new Date('2026-03-15T12:00:00.000Z');
});

async function usageOf(buyer: Buyer, query = '') {
  const response = await getUsage(h, buyer.headers, query);
  expect(response.statusCode).toBe(200);
  return usageRecordListSchema.parse(response.json());
}

const day = (date: string) => ({
  periodStart: `${date}T00:00:00.000Z`,
  periodEnd: new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString(),
});

describe('GET /api/usage', () => {
  it("answers the caller's own records for the current UTC month, a day each, oldest first", async () => {
    const records = await usageOf(casey);
    expect(records).toEqual([
      { id: expect.any(String), metric: 'api_calls', quantity: 15, ...day('2026-03-01') },
      { id: expect.any(String), metric: 'api_calls', quantity: 3, ...day('2026-03-31') },
    ]);
    expect(records.reduce((sum, record) => sum + record.quantity, 0)).toBe(18);
    expect((await usageOf(jordan)).map((record) => record.quantity)).toEqual([99, 1]);
    // Ids name a user's day: Jordan's March 1st is not Casey's, and a second read repeats them.
    const jordanIds = (await usageOf(jordan)).map((record) => record.id);
    expect(new Set([...jordanIds, ...records.map((record) => record.id)]).size).toBe(4);
    expect((await usageOf(casey)).map((record) => record.id)).toEqual(records.map((record) => record.id));
  });

  it('takes the current month from the clock, to the millisecond at its edges', async () => {
    clock = new Date('2026-03-31T23:59:59.999Z');
    expect((await usageOf(casey)).map((record) => record.periodStart.slice(0, 10))).toEqual([
      '2026-03-01',
      '2026-03-31',
    ]);
    clock = new Date('2026-04-01T00:00:00.000Z');
    expect(await usageOf(casey)).toEqual([
      { id: expect.any(String), metric: 'api_calls', quantity: 11, ...day('2026-04-01') },
    ]);
    clock = new Date('2026-02-01T00:00:00.000Z');
    expect((await usageOf(casey)).map((record) => record.quantity)).toEqual([7]);
  });

  it('answers a range of whole days, both included', async () => {
    expect((await usageOf(casey, '?from=2026-02-28&to=2026-03-01')).map((record) => record.quantity)).toEqual(
      [7, 15],
    );
    expect((await usageOf(casey, '?from=2026-03-31&to=2026-03-31')).map((record) => record.quantity)).toEqual(
      [3],
    );
    expect(await usageOf(casey, '?from=2025-01-01&to=2025-12-31')).toEqual([]);
    expect(await usageOf(casey, '?from=2025-04-01&to=2026-03-31')).toHaveLength(3);
  });

  it('gives a caller with no usage, and an admin, their own empty list', async () => {
    expect(await usageOf(await newBuyer())).toEqual([]);
    const admin = { userId: uuidv7(), headers: await identityHeaders('admin') };
    expect(await usageOf(admin)).toEqual([]);
  });

  it('refuses a visitor', async () => {
    const response = await getUsage(h, {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, detail: 'Authentication required.' });
  });

  it.each([
    ['only from', '?from=2026-03-01', 'from and to must be given together'],
    ['only to', '?to=2026-03-31', 'from and to must be given together'],
    ['to before from', '?from=2026-03-02&to=2026-03-01', 'to must not be before from'],
    ['367 days', '?from=2025-03-01&to=2026-03-02', 'The range may span at most 366 days'],
    ['a date and time', '?from=2026-03-01T00:00:00Z&to=2026-03-31', 'from must be a date written YYYY-MM-DD'],
    ['a day that does not exist', '?from=2026-02-30&to=2026-03-31', 'from must be a date written YYYY-MM-DD'],
    ['a word', '?from=2026-03-01&to=tomorrow', 'to must be a date written YYYY-MM-DD'],
    ['an unknown parameter', '?userId=019a0000-0000-7000-8000-00000000b002', undefined],
  ])('refuses %s with 400 and changes nothing', async (_label, query, detail) => {
    const before = await usageTables(h.pool);
    const eventsBefore = await countEvents(h.pool);
    const response = await getUsage(h, casey.headers, query);
    await expectRefusedUnchanged(response, {
      status: 400,
      pool: h.pool,
      eventsBefore,
      ...(detail ? { detail } : {}),
    });
    expect(await usageTables(h.pool)).toEqual(before);
  });

  it('allows 366 days', async () => {
    expect(await usageOf(casey, '?from=2025-03-31&to=2026-03-31')).toHaveLength(3);
  });
});
