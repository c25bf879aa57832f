import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceListSchema, type Invoice } from '@app/contracts';
import { encodeCursor } from '@app/service-kit';
import { startedForFile } from '@app/test-support/started-for-file';
import { addProduct, startBilling } from '../support/billing-harness.js';
import { cursorOf, nextPageOf, walkPages } from '@app/test-support/pages';
import { newBuyer, uuidv7, type Buyer } from '../support/requests.js';

const h = startedForFile(startBilling);

interface Issued {
  number: string;
  issuedAt: string;
  status: 'paid' | 'pending' | 'overdue';
}

/** Writes invoice rows as the invoices projection would, at issue times to the microsecond. */
async function insertInvoices(pool: pg.Pool, buyer: Buyer, productId: string, invoices: Issued[]) {
  await pool.query(
    `INSERT INTO invoices (id, number, user_id, product_id, amount_cents, currency, status, period_start,
       period_end, issued_at, paid_at)
     SELECT i.id, i.number, $1, $2, 34900, 'usd', i.status, i.issued_at, i.issued_at + interval '1 month',
       i.issued_at, CASE WHEN i.status = 'paid' THEN i.issued_at END
     FROM unnest($3::uuid[], $4::text[], $5::text[], $6::timestamptz[]) AS i(id, number, status, issued_at)`,
    [
      buyer.userId,
      productId,
      invoices.map(() => uuidv7()),
      invoices.map((invoice) => invoice.number),
      invoices.map((invoice) => invoice.status),
      invoices.map((invoice) => invoice.issuedAt),
    ],
  );
}

let nextNumber = 1;
/** Invoice numbers of this file, each once: INV-000001 onwards. */
const number = () => `INV-${String(nextNumber++).padStart(6, '0')}`;

let productId: string;
let casey: Buyer;
/** Casey's invoices as the list must show them, newest first. */
let caseyNewestFirst: string[];

beforeAll(async () => {
  productId = (await addProduct(h.pool)).productId;
  casey = await newBuyer();
  const sameMillisecond = '2026-03-01T10:00:00.123';
  // Issue times a microsecond apart (a JS Date would make them equal) and equal ones, where numbers decide,
  // as numbers: INV-1000000 is newer than INV-999999.
  const rows: Issued[] = [
    { number: number(), issuedAt: '2026-01-05T09:00:00Z', status: 'paid' },
    { number: number(), issuedAt: `${sameMillisecond}001Z`, status: 'pending' },
    { number: number(), issuedAt: `${sameMillisecond}002Z`, status: 'paid' },
    { number: 'INV-999999', issuedAt: `${sameMillisecond}002Z`, status: 'overdue' },
    { number: 'INV-1000000', issuedAt: `${sameMillisecond}002Z`, status: 'paid' },
    { number: number(), issuedAt: '2026-02-01T00:00:00Z', status: 'paid' },
    { number: number(), issuedAt: '2026-04-01T00:00:00Z', status: 'pending' },
  ];
  await insertInvoices(h.pool, casey, productId, rows);
  caseyNewestFirst = [
    'INV-000005',
    'INV-1000000',
    'INV-999999',
    'INV-000003',
    'INV-000002',
    'INV-000004',
    'INV-000001',
  ];
  // Someone else's invoices at the same times never show in Casey's pages.
  const other = rows.map((row) => ({ ...row, number: number() }));
  await insertInvoices(h.pool, await newBuyer(), productId, other);
});

const numbersOf = (pages: Array<{ items: Invoice[] }>) =>
  pages.flatMap((page) => invoiceListSchema.parse(page.items).map((invoice) => invoice.invoiceNumber));

describe('GET /api/invoices, a page at a time', () => {
  it('walks every invoice of the caller once, newest first, by following Link rel="next"', async () => {
    const pages = await walkPages<Invoice>(h.app, '/api/invoices?limit=3', casey.headers);

    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
    expect(numbersOf(pages)).toEqual(caseyNewestFirst);
    expect(pages[1]?.url).toMatch(/^\/api\/invoices\?limit=3&cursor=[\w-]+$/);
  });

  it('gives the whole list on one page without a Link when it fits', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/invoices', headers: casey.headers });

    expect(numbersOf([{ items: response.json() }])).toEqual(caseyNewestFirst);
    expect(response.headers['link']).toBeUndefined();
  });

  it('filters by status on every page, and the Link keeps the filter', async () => {
    const pages = await walkPages<Invoice>(h.app, '/api/invoices?status=paid&limit=2', casey.headers);

    expect(numbersOf(pages)).toEqual(['INV-1000000', 'INV-000003', 'INV-000004', 'INV-000001']);
    expect(pages.slice(1).every((page) => page.url.includes('status=paid'))).toBe(true);
    const overdue = await walkPages<Invoice>(h.app, '/api/invoices?status=overdue', casey.headers);
    expect(numbersOf(overdue)).toEqual(['INV-999999']);
  });

  it('answers 50 by default, and at most 200', async () => {
    const busy = await newBuyer();
    const many = Array.from({ length: 201 }, (_, index): Issued => ({
      number: number(),
      issuedAt: new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString(),
      status: 'paid',
    }));
    await insertInvoices(h.pool, busy, productId, many);

    const first = await h.app.inject({ method: 'GET', url: '/api/invoices', headers: busy.headers });
    expect(first.json()).toHaveLength(50);
    expect(first.json()[0].invoiceNumber).toBe(many.at(-1)?.number);
    const largest = await h.app.inject({
      method: 'GET',
      url: '/api/invoices?limit=200',
      headers: busy.headers,
    });
    expect(largest.json()).toHaveLength(200);
    const rest = nextPageOf(largest.headers['link']) as string;
    const last = await h.app.inject({ method: 'GET', url: rest, headers: busy.headers });
    expect(last.json().map((invoice: Invoice) => invoice.invoiceNumber)).toEqual([many[0]?.number]);
    expect(last.headers['link']).toBeUndefined();
  });

  it.each([
    ['a limit of 0', 'limit=0', 'limit'],
    ['a limit of 201', 'limit=201', 'limit'],
    ['an unknown status', 'status=void', 'status'],
  ])('refuses %s with 400', async (_label, query, path) => {
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/invoices?${query}`,
      headers: casey.headers,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe(path);
  });

  it.each([
    ['an edited one', 'x'.repeat(20)],
    ['a 30th of February', encodeCursor(['2026-02-30T00:00:00.000000Z', 'INV-000001'])],
    ['a time without microseconds', encodeCursor(['2026-02-01T00:00:00.000Z', 'INV-000001'])],
    ['no invoice number', encodeCursor(['2026-02-01T00:00:00.000000Z', 'x'])],
    ['one of the usage list', encodeCursor(['2026-02-01', 'api_calls'])],
  ])('refuses a cursor it did not give out (%s) with 400 invalid-cursor', async (_label, cursor) => {
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/invoices?cursor=${cursor}`,
      headers: casey.headers,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'urn:problem:invalid-cursor' });
  });

  it("never shows another caller's invoices, even with Casey's cursor", async () => {
    const first = await walkPages<Invoice>(h.app, '/api/invoices?limit=3', casey.headers);
    const cursor = cursorOf(first[1]?.url as string);
    const stranger = await newBuyer();

    const response = await h.app.inject({
      method: 'GET',
      url: `/api/invoices?limit=3&cursor=${cursor}`,
      headers: stranger.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});
