import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceDocumentSchema, type InvoiceDocument } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import { handleMessage } from '@app/test-support/handled-message';
import { startedForFile } from '@app/test-support/started-for-file';
import { applyIdentityUserMessage } from '../../src/projections/buyers-copy.js';
import { addProduct, startBilling, viewsSettled } from '../support/billing-harness.js';
import { pdfTextOf } from '../support/pdf-text.js';
import {
  clientSecretFor,
  confirm,
  invoicesOf,
  newBuyer,
  problemOf,
  testCards,
  uuidv7,
  type Buyer,
} from '../support/requests.js';

const seller = { name: 'FinTech Platform Inc.', address: '1 Market St, San Francisco, CA 94105' };
const h = startedForFile(() => startBilling({ seller }));

/** Identity's registration of `buyer`, as billing's buyers consumer applies it. */
function registered(pool: pg.Pool, buyer: Buyer, email: string, firstName: string, lastName: string) {
  return handleMessage(pool, applyIdentityUserMessage, 'identity.user.registered.v1', {
    userId: buyer.userId,
    email,
    firstName,
    lastName,
    role: 'tenant',
    registeredVia: 'sign-up',
    registeredAt: '2026-01-01T00:00:00.000Z',
  });
}

/** An overdue renewal invoice of `buyer`, written as the invoices projection would. */
async function insertOverdue(pool: pg.Pool, buyer: Buyer, productId: string, number: string) {
  const id = uuidv7();
  await pool.query(
    `INSERT INTO invoices (id, number, user_id, product_id, amount_cents, currency, status, period_start,
       period_end, issued_at, paid_at)
     VALUES ($1, $2, $3, $4, 1234567, 'usd', 'overdue', '2026-03-01T12:00:00Z', '2026-04-01T12:00:00Z',
       '2026-03-01T12:00:00Z', NULL)`,
    [id, number, buyer.userId, productId],
  );
  return id;
}

let casey: Buyer;
let jordan: Buyer;
let admin: Awaited<ReturnType<typeof identityHeaders>>;
let paid: { id: string; invoiceNumber: string };
let productId: string;
let overdueId: string;

beforeAll(async () => {
  productId = (await addProduct(h.pool, { name: 'Bank Connect Pro', basePriceCents: 34_900 })).productId;
  casey = await newBuyer();
  jordan = await newBuyer();
  admin = await identityHeaders('admin');
  await registered(h.pool, casey, 'casey@example.test', 'Casey', 'Jones');
  // Paid at checkout through the Sandbox with a test card, as a customer pays.
  const secret = await clientSecretFor(h, casey, productId, 349);
  expect((await confirm(h, casey, secret, testCards.visa)).statusCode).toBe(200);
  await viewsSettled(h);
  const [invoice] = await invoicesOf(h, casey);
  paid = invoice as { id: string; invoiceNumber: string };
  overdueId = await insertOverdue(h.pool, casey, productId, 'INV-900001');
});

const get = (url: string, headers: Record<string, string>) => h.app.inject({ method: 'GET', url, headers });

describe('GET /api/invoices/:invoiceId', () => {
  it('answers the buyer the invoice the list shows, with its seller, buyer and lines', async () => {
    const response = await get(`/api/invoices/${paid.id}`, casey.headers);

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const document: InvoiceDocument = invoiceDocumentSchema.parse(response.json());
    const [listed] = await invoicesOf(h, casey);
    expect(document).toEqual({
      ...listed,
      seller,
      buyer: { name: 'Casey Jones', email: 'casey@example.test' },
      lines: [{ description: 'Bank Connect Pro', amount: 349 }],
    });
  });

  it('answers an admin any invoice, and another customer 404 as for an unknown id', async () => {
    expect((await get(`/api/invoices/${paid.id}`, admin)).statusCode).toBe(200);
    const stranger = await get(`/api/invoices/${paid.id}`, jordan.headers);
    expect(stranger.statusCode).toBe(404);
    expect(problemOf(stranger).detail).toBe('Invoice not found.');
    expect((await get(`/api/invoices/${uuidv7()}`, casey.headers)).statusCode).toBe(404);
  });

  it('refuses an id that is not one with 400', async () => {
    const response = await get('/api/invoices/INV-000001', casey.headers);
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).errors?.[0]?.path).toBe('invoiceId');
  });
});

describe('GET /api/invoices/:invoiceId/pdf', () => {
  it('streams the paid invoice as a PDF download saying what the page says', async () => {
    const response = await get(`/api/invoices/${paid.id}/pdf`, casey.headers);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${paid.invoiceNumber}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfTextOf(response.rawPayload);
    const document = invoiceDocumentSchema.parse(
      (await get(`/api/invoices/${paid.id}`, casey.headers)).json(),
    );
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    for (const expected of [
      paid.invoiceNumber,
      'Paid',
      'FinTech Platform Inc.',
      '1 Market St, San Francisco, CA 94105',
      'Casey Jones',
      'casey@example.test',
      day.format(new Date(document.createdAt)),
      `${day.format(new Date(document.periodStart))} – ${day.format(new Date(document.periodEnd))}`,
      'Bank Connect Pro',
      '$349.00',
      'Total (USD)',
    ]) {
      expect(text).toContain(expected);
    }
    // Nothing of the card it was paid with: not its number, nor its last four.
    expect(text).not.toMatch(/4242/);
  });

  it('says an unpaid invoice is overdue, with its amount, and dates in the reader’s time zone', async () => {
    const utc = await pdfTextOf((await get(`/api/invoices/${overdueId}/pdf`, casey.headers)).rawPayload);
    expect(utc).toContain('Overdue');
    expect(utc).toContain('Not paid yet');
    expect(utc).toContain('$12,345.67');
    expect(utc).toContain('Mar 1, 2026 – Apr 1, 2026');

    // Noon UTC is already the next day at UTC+14.
    const kiritimati = await get(
      `/api/invoices/${overdueId}/pdf?timeZone=Pacific%2FKiritimati`,
      casey.headers,
    );
    expect(kiritimati.statusCode).toBe(200);
    expect(await pdfTextOf(kiritimati.rawPayload)).toContain('Mar 2, 2026 – Apr 2, 2026');
  });

  it('gives an admin any invoice’s PDF, and another customer 404 without a byte of it', async () => {
    const forAdmin = await get(`/api/invoices/${paid.id}/pdf`, admin);
    expect(forAdmin.statusCode).toBe(200);
    expect(await pdfTextOf(forAdmin.rawPayload)).toContain('Casey Jones');

    const stranger = await get(`/api/invoices/${paid.id}/pdf`, jordan.headers);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(stranger.headers['content-disposition']).toBeUndefined();
  });

  it('says the buyer is unknown while billing has not heard of the account', async () => {
    const newcomer = await newBuyer();
    const id = await insertOverdue(h.pool, newcomer, productId, 'INV-900002');
    const text = await pdfTextOf((await get(`/api/invoices/${id}/pdf`, newcomer.headers)).rawPayload);
    expect(text).toContain('Unknown customer');
  });

  it.each([
    ['an unknown time zone', 'timeZone=Mars%2FOlympus', 'timeZone'],
    ['an unknown parameter', 'format=a4', ''],
  ])('refuses %s with 400', async (_label, query, path) => {
    const response = await get(`/api/invoices/${paid.id}/pdf?${query}`, casey.headers);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    if (path) expect(problemOf(response).errors?.[0]?.path).toBe(path);
  });

  it('is in the OpenAPI document as a signed-in PDF download', async () => {
    const document = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operation = document.paths['/api/invoices/{invoiceId}/pdf'].get;
    expect(operation['x-access']).toBe('signed-in');
    expect(operation.responses['200'].content['application/pdf'].schema).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(operation.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'invoiceId', in: 'path' }),
        expect.objectContaining({ name: 'timeZone', in: 'query' }),
      ]),
    );
  });
});
