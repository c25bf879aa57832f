import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminInvoiceListSchema, type AdminInvoice } from '@app/contracts';
import { encodeCursor } from '@app/service-kit';
import { identityHeaders } from '@app/service-kit/testing';
import { walkPages } from '@app/test-support/pages';
import { startedForFile } from '@app/test-support/started-for-file';
import { addProduct, startBilling } from '../support/billing-harness.js';
import { uuidv7 } from '../support/requests.js';

const h = startedForFile(startBilling);

interface Planted {
  number: string;
  issuedAt: string;
  status: 'paid' | 'pending' | 'overdue';
  userId: string;
  tenantId: string | null;
  productId: string;
}

/** Writes invoice rows as the invoices projection would, at issue times to the microsecond. */
async function plantInvoices(pool: pg.Pool, invoices: Planted[]) {
  await pool.query(
    `INSERT INTO invoices (id, number, user_id, tenant_id, subscription_id, product_id, amount_cents, currency,
       status, period_start, period_end, issued_at, paid_at)
     SELECT i.id, i.number, i.user_id, i.tenant_id, i.id, i.product_id, 4900, 'usd', i.status, i.issued_at,
       i.issued_at + interval '1 month', i.issued_at, CASE WHEN i.status = 'paid' THEN i.issued_at END
     FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::timestamptz[])
       AS i(id, number, user_id, tenant_id, product_id, status, issued_at)`,
    [
      invoices.map(() => uuidv7()),
      invoices.map((invoice) => invoice.number),
      invoices.map((invoice) => invoice.userId),
      invoices.map((invoice) => invoice.tenantId),
      invoices.map((invoice) => invoice.productId),
      invoices.map((invoice) => invoice.status),
      invoices.map((invoice) => invoice.issuedAt),
    ],
  );
}

/** A buyer in billing's copy of identity's users, as the identity consumer writes it. */
async function plantBuyer(pool: pg.Pool, email: string, firstName: string | null, lastName: string | null) {
  const userId = uuidv7();
  await pool.query('INSERT INTO buyers (user_id, email, first_name, last_name) VALUES ($1, $2, $3, $4)', [
    userId,
    email,
    firstName,
    lastName,
  ]);
  return userId;
}

const asAdmin = () => identityHeaders('admin');
const numbersOf = (pages: Array<{ items: AdminInvoice[] }>) =>
  pages.flatMap((page) => adminInvoiceListSchema.parse(page.items).map((invoice) => invoice.invoiceNumber));

const ids = { sam: '', robin: '', unknown: uuidv7(), tenantA: uuidv7(), tenantB: uuidv7() };
const products = { ledger: '', scoring: '' };

beforeAll(async () => {
  products.ledger = (await addProduct(h.pool, { name: 'Ledger' })).productId;
  products.scoring = (await addProduct(h.pool, { name: '=HYPERLINK("http://x.example")' })).productId;
  ids.sam = await plantBuyer(h.pool, 'sam@acme.example', 'Sam', 'Okafor');
  ids.robin = await plantBuyer(h.pool, 'Robin@Northwind.example', null, null);
  const at = '2026-03-01T10:00:00.123';
  await plantInvoices(h.pool, [
    {
      number: 'INV-000001',
      issuedAt: '2026-01-05T09:00:00Z',
      status: 'paid',
      userId: ids.sam,
      tenantId: ids.tenantA,
      productId: products.ledger,
    },
    {
      number: 'INV-000002',
      issuedAt: `${at}001Z`,
      status: 'pending',
      userId: ids.robin,
      tenantId: ids.tenantB,
      productId: products.ledger,
    },
    {
      number: 'INV-999999',
      issuedAt: `${at}002Z`,
      status: 'overdue',
      userId: ids.sam,
      tenantId: ids.tenantA,
      productId: products.scoring,
    },
    {
      number: 'INV-1000000',
      issuedAt: `${at}002Z`,
      status: 'paid',
      userId: ids.robin,
      tenantId: ids.tenantB,
      productId: products.scoring,
    },
    {
      number: 'INV-000005',
      issuedAt: '2026-04-01T00:00:00Z',
      status: 'paid',
      userId: ids.unknown,
      tenantId: null,
      productId: products.ledger,
    },
  ]);
});

/** Every invoice planted above, newest first: equal times by number as a number (INV-1000000 after INV-999999). */
const newestFirst = ['INV-000005', 'INV-1000000', 'INV-999999', 'INV-000002', 'INV-000001'];

describe('GET /api/admin/billing/invoices (issue 21 item 4)', () => {
  it("walks every customer's invoices once, newest first, with whose each is, by following Link rel=next", async () => {
    const pages = await walkPages<AdminInvoice>(
      h.app,
      '/api/admin/billing/invoices?limit=2',
      await asAdmin(),
    );

    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 1]);
    expect(numbersOf(pages)).toEqual(newestFirst);
    const invoices = pages.flatMap((page) => page.items);
    expect(invoices.find((invoice) => invoice.invoiceNumber === 'INV-000001')).toMatchObject({
      amount: 49,
      status: 'paid',
      productName: 'Ledger',
      tenantId: ids.tenantA,
      customer: { id: ids.sam, email: 'sam@acme.example', name: 'Sam Okafor' },
    });
    expect(invoices.find((invoice) => invoice.invoiceNumber === 'INV-000002')?.customer).toEqual({
      id: ids.robin,
      email: 'Robin@Northwind.example',
      name: null,
    });
    // A buyer billing has not heard of yet: known by id only.
    expect(invoices[0]?.customer).toEqual({ id: ids.unknown, email: null, name: null });
  });

  it.each([
    ['status', 'status=paid', ['INV-000005', 'INV-1000000', 'INV-000001']],
    ['tenant', `tenantId=${ids.tenantA}`, ['INV-999999', 'INV-000001']],
    ['product', () => `productId=${products.scoring}`, ['INV-1000000', 'INV-999999']],
    ['tenant and status', `tenantId=${ids.tenantB}&status=pending`, ['INV-000002']],
    ['a number, any case', 'q=inv-99', ['INV-999999']],
    ["the customer's email, any case", 'q=northwind', ['INV-1000000', 'INV-000002']],
    ['number or email', 'q=acme', ['INV-999999', 'INV-000001']],
    ['a search of LIKE wildcards as text', 'q=%25', []],
  ])('filters by %s on every page, the Link keeping the filter', async (_label, query, expected) => {
    const filter = typeof query === 'function' ? query() : query;
    const pages = await walkPages<AdminInvoice>(
      h.app,
      `/api/admin/billing/invoices?${filter}&limit=1`,
      await asAdmin(),
    );

    expect(numbersOf(pages)).toEqual(expected);
    expect(pages.slice(1).every((page) => page.url.includes(filter))).toBe(true);
  });

  it('refuses a customer with 403', async () => {
    const response = await h.app.inject({
      method: 'GET',
      url: '/api/admin/billing/invoices',
      headers: await identityHeaders('tenant'),
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['an unknown status', 'status=void', 'status'],
    ['a tenant id that is no id', 'tenantId=acme', 'tenantId'],
    ['a product id that is no id', 'productId=1', 'productId'],
    ['a limit of 201', 'limit=201', 'limit'],
    ['an unknown parameter', 'userId=x', ''],
  ])('refuses %s with 400', async (_label, query, path) => {
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/admin/billing/invoices?${query}`,
      headers: await asAdmin(),
    });
    expect(response.statusCode).toBe(400);
    if (path !== '') expect(response.json().errors[0].path).toBe(path);
  });

  it('refuses a cursor it did not give out with 400 invalid-cursor', async () => {
    const cursor = encodeCursor(['2026-02-30T00:00:00.000000Z', 'INV-000001']);
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/admin/billing/invoices?cursor=${cursor}`,
      headers: await asAdmin(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'urn:problem:invalid-cursor' });
  });
});

async function exported(query: string) {
  const response = await h.app.inject({
    method: 'GET',
    url: `/api/admin/billing/invoices/export${query}`,
    headers: await asAdmin(),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  return { response, lines: response.body.split('\r\n').filter((line) => line !== '') };
}

describe('GET /api/admin/billing/invoices/export (issue 21 item 4)', () => {
  it("is the list as CSV with the list's filters, newest first, a formula written as text", async () => {
    const { response, lines } = await exported(`?productId=${products.scoring}`);

    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="invoices-[\d-]+\.csv"$/);
    expect(lines[0]).toBe(
      'Number,Status,Amount (USD),Customer,Customer email,Customer id,Tenant id,Product,Product id,' +
        'Subscription id,Period start,Period end,Issued,Paid',
    );
    const [robins, sams] =
      (
        await walkPages<AdminInvoice>(
          h.app,
          `/api/admin/billing/invoices?productId=${products.scoring}`,
          await asAdmin(),
        )
      )[0]?.items ?? [];
    if (!robins || !sams) throw new Error('expected two invoices of the product');
    const product = `"'=HYPERLINK(""http://x.example"")"`;
    expect(lines.slice(1)).toEqual([
      [
        'INV-1000000',
        'paid',
        49,
        '',
        'Robin@Northwind.example',
        ids.robin,
        ids.tenantB,
        product,
        products.scoring,
        robins.subscriptionId,
        robins.periodStart,
        robins.periodEnd,
        robins.createdAt,
        robins.paidAt,
      ].join(','),
      [
        'INV-999999',
        'overdue',
        49,
        'Sam Okafor',
        'sam@acme.example',
        ids.sam,
        ids.tenantA,
        product,
        products.scoring,
        sams.subscriptionId,
        sams.periodStart,
        sams.periodEnd,
        sams.createdAt,
        '',
      ].join(','),
    ]);

    const searched = await exported('?q=northwind&status=pending');
    expect(searched.lines.slice(1).map((line) => line.split(',')[0])).toEqual(['INV-000002']);
    const everything = await exported('');
    expect(everything.lines.slice(1).map((line) => line.split(',')[0])).toEqual(newestFirst);
  });

  it('refuses a customer, and paging parameters', async () => {
    const customer = await h.app.inject({
      method: 'GET',
      url: '/api/admin/billing/invoices/export',
      headers: await identityHeaders('tenant'),
    });
    expect(customer.statusCode).toBe(403);
    for (const query of ['limit=10', 'cursor=abc']) {
      const paged = await h.app.inject({
        method: 'GET',
        url: `/api/admin/billing/invoices/export?${query}`,
        headers: await asAdmin(),
      });
      expect(paged.statusCode, query).toBe(400);
    }
  });
});
