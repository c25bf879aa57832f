import { beforeAll, describe, expect, it } from 'vitest';
import type { UsageRecord } from '@app/contracts';
import { encodeCursor } from '@app/service-kit';
import { startedForFile } from '@app/test-support/started-for-file';
import { startBilling } from '../support/billing-harness.js';
import { cursorOf, nextPageOf, walkPages } from '@app/test-support/pages';
import { newBuyer, type Buyer } from '../support/requests.js';
import { getUsage, storeBatch, usageBatch } from './usage-support.js';

const h = startedForFile(() => startBilling({ now: () => new Date('2026-03-15T12:00:00.000Z') }));
let casey: Buyer;

/** A batch of `calls` API calls by `buyer` on each of `days`, which are UTC dates. */
async function callsOn(buyer: Buyer, days: string[], calls = 1) {
  for (const day of days)
    await storeBatch(h.pool, usageBatch(`${day}T12:00:00.000Z`, { [buyer.userId]: calls }));
}

const marchDays = (count: number) =>
  Array.from({ length: count }, (_, index) => `2026-03-${String(index + 1).padStart(2, '0')}`);
const daysOf = (pages: Array<{ items: UsageRecord[] }>) =>
  pages.flatMap((page) => page.items.map((record) => record.periodStart.slice(0, 10)));

beforeAll(async () => {
  casey = await newBuyer();
  await callsOn(casey, ['2026-02-27', '2026-02-28', ...marchDays(5), '2026-04-01']);
  // Someone else's use of the same days never shows in Casey's pages.
  await callsOn(await newBuyer(), marchDays(5), 40);
});

describe('GET /api/usage, a page at a time', () => {
  it('walks the month oldest day first, each day once, by following Link rel="next"', async () => {
    const pages = await walkPages<UsageRecord>(h.app, '/api/usage?limit=2', casey.headers);

    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 1]);
    expect(daysOf(pages)).toEqual(marchDays(5));
    expect(pages.flatMap((page) => page.items.map((record) => record.quantity))).toEqual([1, 1, 1, 1, 1]);
  });

  it('keeps from and to exactly as asked in the Link', async () => {
    const pages = await walkPages<UsageRecord>(
      h.app,
      '/api/usage?from=2026-02-28&to=2026-04-30&limit=3',
      casey.headers,
    );

    expect(daysOf(pages)).toEqual(['2026-02-28', ...marchDays(5), '2026-04-01']);
    for (const page of pages.slice(1)) {
      expect(page.url).toMatch(/^\/api\/usage\?from=2026-02-28&to=2026-04-30&limit=3&cursor=[\w-]+$/);
    }
  });

  it('answers 50 by default, and the rest after the Link', async () => {
    const busy = await newBuyer();
    const days = Array.from(
      { length: 60 },
      (_, index) => new Date(Date.UTC(2025, 10, 1) + index * 86_400_000),
    );
    await callsOn(
      busy,
      days.map((day) => day.toISOString().slice(0, 10)),
    );

    const first = await getUsage(h, busy.headers, '?from=2025-11-01&to=2025-12-31');
    expect(first.json()).toHaveLength(50);
    const next = nextPageOf(first.headers['link']) as string;
    const rest = await h.app.inject({ method: 'GET', url: next, headers: busy.headers });
    expect(rest.json().map((record: UsageRecord) => record.periodStart.slice(0, 10))).toEqual([
      '2025-12-21',
      '2025-12-22',
      '2025-12-23',
      '2025-12-24',
      '2025-12-25',
      '2025-12-26',
      '2025-12-27',
      '2025-12-28',
      '2025-12-29',
      '2025-12-30',
    ]);
    expect(rest.headers['link']).toBeUndefined();
  });

  it.each([
    ['a limit of 0', '?limit=0', 'limit'],
    ['a limit of 201', '?limit=201', 'limit'],
    ['an edited cursor', '?cursor=xyz', 'cursor'],
    [
      'a cursor of a day that does not exist',
      `?cursor=${encodeCursor(['2026-02-30', 'api_calls'])}`,
      'cursor',
    ],
    ['a cursor of an unknown metric', `?cursor=${encodeCursor(['2026-03-01', 'tokens'])}`, 'cursor'],
    [
      'a cursor of the invoice list',
      `?cursor=${encodeCursor(['2026-03-01T00:00:00.000000Z', 'INV-000001'])}`,
      'cursor',
    ],
  ])('refuses %s with 400', async (_label, query, path) => {
    const response = await getUsage(h, casey.headers, query);

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe(path);
  });

  it("never shows another caller's usage, even with Casey's cursor", async () => {
    const pages = await walkPages<UsageRecord>(h.app, '/api/usage?limit=2', casey.headers);
    const stranger = await newBuyer();

    const response = await getUsage(
      h,
      stranger.headers,
      `?limit=2&cursor=${cursorOf(pages[1]?.url as string)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});
