import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { itCreatesOnceThroughALostAnswer } from '@app/test-support/lost-answer';
import { invoiceListSchema } from '@app/contracts';
import { addProduct, catalogMessage, countEvents, startBilling } from '../support/billing-harness.js';
import {
  billingEvents,
  clientSecretFor,
  confirm,
  createIntent,
  invoicesOf,
  newBuyer,
  problemOf,
  testCards,
} from '../support/requests.js';

const h = startedForFile(startBilling);

const eventsOf = async (stream: string) => (await h.eventStore.readStream(stream)).events;

describe('POST /api/create-payment-intent', () => {
  itCreatesOnceThroughALostAnswer('payment', () => ({
    harness: h,
    request: async () => {
      const [product, buyer] = await Promise.all([addProduct(h.pool, { basePriceCents: 4_999 }), newBuyer()]);
      return {
        url: '/api/create-payment-intent',
        payload: { productId: product.productId, amount: 49.99 },
        headers: buyer.headers,
      };
    },
    createdType: 'PaymentCreated',
    status: 200,
    idOf: null,
  }));

  it('charges the catalogue price and records the payment and the buyer’s customer', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 4_999 });
    const buyer = await newBuyer();
    const response = await createIntent(h, buyer, { productId: product.productId, amount: 49.99 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ clientSecret: expect.stringMatching(/^pi_sandbox_\w+_secret_\w+$/) });

    const customer = await eventsOf(`billing_customer-${buyer.userId}`);
    expect(customer.map((event) => event.data)).toEqual([
      expect.objectContaining({
        userId: buyer.userId,
        provider: 'sandbox',
        providerCustomerId: expect.any(String),
      }),
    ]);
    const payments = (await billingEvents(h)).filter((row) => row.type === 'PaymentCreated');
    expect(payments.at(-1)?.data).toMatchObject({
      userId: buyer.userId,
      tenantId: null,
      productId: product.productId,
      plan: 'professional',
      kind: 'checkout',
      amountCents: 4_999,
      currency: 'usd',
      provider: 'sandbox',
      providerCustomerId: customer[0]?.data.providerCustomerId,
    });
  });

  it('charges the chosen plan its own price and records that plan; a plan not offered is refused', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 4_999, basicPriceCents: 1_999 });
    const buyer = await newBuyer();
    const basic = await createIntent(h, buyer, {
      productId: product.productId,
      plan: 'basic',
      amount: 19.99,
    });
    expect(basic.statusCode).toBe(200);
    const payments = (await billingEvents(h)).filter((row) => row.type === 'PaymentCreated');
    expect(payments.at(-1)?.data).toMatchObject({
      userId: buyer.userId,
      productId: product.productId,
      plan: 'basic',
      amountCents: 1_999,
    });

    const before = await countEvents(h.pool);
    const enterprise = await createIntent(h, buyer, {
      productId: product.productId,
      plan: 'enterprise',
      amount: 49.99,
    });
    expect(enterprise.statusCode).toBe(422);
    expect(problemOf(enterprise).detail).toBe(
      'This product has no enterprise plan. Please choose one of the plans it offers.',
    );
    const quotedProfessional = await createIntent(h, buyer, {
      productId: product.productId,
      plan: 'basic',
      amount: 49.99,
    });
    expect(quotedProfessional.statusCode).toBe(409);
    expect(await countEvents(h.pool)).toBe(before);
  });

  it('makes the provider customer once per buyer', async () => {
    const product = await addProduct(h.pool);
    const buyer = await newBuyer();
    await Promise.all([1, 2, 3].map(() => clientSecretFor(h, buyer, product.productId, 349)));
    expect(await eventsOf(`billing_customer-${buyer.userId}`)).toHaveLength(1);
    const { rows } = await h.pool.query('SELECT 1 FROM sandbox_customers WHERE user_id = $1', [buyer.userId]);
    expect(rows).toHaveLength(1);
  });

  it('refuses an amount that is not the current price, telling the page to reload', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 4_999 });
    const buyer = await newBuyer();
    const before = await countEvents(h.pool);
    const response = await createIntent(h, buyer, { productId: product.productId, amount: 0.5 });
    expect(response.statusCode).toBe(409);
    expect(problemOf(response).detail).toBe(
      'The price of this product is now $49.99. Please reload the page and try again.',
    );
    expect(await countEvents(h.pool)).toBe(before);
  });

  it('follows the catalogue: a new price is charged, an old one refused', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 4_999 });
    await catalogMessage(h.pool, 'catalog.product.updated.v1', {
      ...product,
      basePriceCents: 5_999,
      updatedAt: new Date().toISOString(),
    });
    const buyer = await newBuyer();
    expect((await createIntent(h, buyer, { productId: product.productId, amount: 49.99 })).statusCode).toBe(
      409,
    );
    expect((await createIntent(h, buyer, { productId: product.productId, amount: 59.99 })).statusCode).toBe(
      200,
    );
  });

  it('refuses unknown, deleted and inactive products, and prices below a card’s minimum', async () => {
    const buyer = await newBuyer();
    const inactive = await addProduct(h.pool, { isActive: false });
    const deleted = await addProduct(h.pool);
    await catalogMessage(h.pool, 'catalog.product.deleted.v1', {
      productId: deleted.productId,
      name: deleted.name,
      slug: deleted.slug,
      deletedAt: new Date().toISOString(),
    });
    const cheap = await addProduct(h.pool, { basePriceCents: 25 });
    const before = await countEvents(h.pool);
    const cases: Array<[string, number, number, string]> = [
      ['0196f2a0-0000-7000-8000-0000000000ff', 349, 404, 'Product not found'],
      [deleted.productId, 349, 404, 'Product not found'],
      [inactive.productId, 349, 422, 'This product is not available for purchase right now.'],
      [cheap.productId, 0.25, 422, 'This product costs $0.25, less than the $0.50 a card payment must be.'],
    ];
    for (const [productId, amount, status, detail] of cases) {
      const response = await createIntent(h, buyer, { productId, amount });
      expect([response.statusCode, problemOf(response).detail]).toEqual([status, detail]);
    }
    expect(await countEvents(h.pool)).toBe(before);
  });

  it('answers a retry with the same Idempotency-Key with the same payment', async () => {
    const product = await addProduct(h.pool);
    const buyer = await newBuyer();
    const send = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { ...buyer.headers, 'idempotency-key': `checkout-${buyer.userId}` },
        payload: { productId: product.productId, amount: 349 },
      });
    const first = await send();
    const eventsAfterFirst = await countEvents(h.pool);
    const second = await send();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await countEvents(h.pool)).toBe(eventsAfterFirst);
  });
});

describe('checkout with the Sandbox', () => {
  it('confirms a good card: payment succeeded, a paid invoice the buyer sees', async () => {
    const product = await addProduct(h.pool, { name: 'Ledger Pro', basePriceCents: 12_345 });
    const buyer = await newBuyer();
    const clientSecret = await clientSecretFor(h, buyer, product.productId, 123.45);
    const response = await confirm(h, buyer, clientSecret);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeeded' });

    const rows = (await billingEvents(h)).filter((row) => row.data.userId === buyer.userId);
    expect(rows.map((row) => row.type)).toEqual([
      'CustomerCreated',
      'PaymentCreated',
      'PaymentSucceeded',
      'InvoiceIssued',
      'InvoicePaid',
    ]);
    expect(rows[2]?.data).toMatchObject({
      card: { brand: 'visa', last4: '4242' },
      paymentMethodId: expect.any(String),
    });

    const invoices = invoiceListSchema.parse(await invoicesOf(h, buyer));
    expect(invoices).toEqual([
      expect.objectContaining({
        invoiceNumber: expect.stringMatching(/^INV-\d{6,}$/),
        amount: 123.45,
        status: 'paid',
        productName: 'Ledger Pro',
        productId: product.productId,
        tenantId: null,
      }),
    ]);
  });

  it('answers a decline with 402 and the provider’s message, and takes another card afterwards', async () => {
    const product = await addProduct(h.pool);
    const buyer = await newBuyer();
    const clientSecret = await clientSecretFor(h, buyer, product.productId, 349);
    const declined = await confirm(h, buyer, clientSecret, testCards.insufficientFunds);
    expect(declined.statusCode).toBe(402);
    expect(declined.headers['content-type']).toContain('application/problem+json');
    expect(problemOf(declined).detail).toBe('Your card has insufficient funds.');
    expect(await invoicesOf(h, buyer)).toEqual([]);

    const again = await confirm(h, buyer, clientSecret, testCards.declined);
    expect(problemOf(again).detail).toBe('Your card was declined.');
    expect((await confirm(h, buyer, clientSecret)).statusCode).toBe(200);
    const types = (await billingEvents(h))
      .filter((row) => row.data.userId === buyer.userId && row.stream_name.startsWith('billing_payment'))
      .map((row) => row.type);
    expect(types).toEqual(['PaymentCreated', 'PaymentFailed', 'PaymentFailed', 'PaymentSucceeded']);
    expect(await invoicesOf(h, buyer)).toHaveLength(1);
  });

  it('answers a repeated confirmation as the first, adding nothing', async () => {
    const product = await addProduct(h.pool);
    const buyer = await newBuyer();
    const clientSecret = await clientSecretFor(h, buyer, product.productId, 349);
    expect((await confirm(h, buyer, clientSecret)).statusCode).toBe(200);
    const before = await countEvents(h.pool);
    const repeated = await confirm(h, buyer, clientSecret);
    expect([repeated.statusCode, repeated.json()]).toEqual([200, { status: 'succeeded' }]);
    expect(await countEvents(h.pool)).toBe(before);
  });

  it('confirms a payment its views do not show yet, as after a database restart, from the payment’s stream', async () => {
    const product = await addProduct(h.pool);
    const buyer = await newBuyer();
    const clientSecret = await clientSecretFor(h, buyer, product.productId, 349);
    // The payments view has not applied the new payment (its projection lags): only the stream knows it.
    await h.pool.query('DELETE FROM payments WHERE provider_payment_id = $1', [
      clientSecret.split('_secret_')[0],
    ]);

    const response = await confirm(h, buyer, clientSecret);

    expect([response.statusCode, response.json()]).toEqual([200, { status: 'succeeded' }]);
  });

  it('does not let anyone else confirm a buyer’s payment', async () => {
    const product = await addProduct(h.pool);
    const buyer = await newBuyer();
    const stranger = await newBuyer();
    const clientSecret = await clientSecretFor(h, buyer, product.productId, 349);
    const before = await countEvents(h.pool);
    const response = await confirm(h, stranger, clientSecret);
    expect([response.statusCode, problemOf(response).detail]).toEqual([404, 'Payment not found']);
    expect(await countEvents(h.pool)).toBe(before);
    const { rows } = await h.pool.query('SELECT attempts FROM sandbox_payment_intents WHERE id = $1', [
      clientSecret.split('_secret_')[0],
    ]);
    expect(rows).toEqual([{ attempts: 0 }]);
  });

  it('lists each buyer’s own invoices only, newest first', async () => {
    const first = await addProduct(h.pool, { name: 'First' });
    const second = await addProduct(h.pool, { name: 'Second' });
    const buyer = await newBuyer();
    const other = await newBuyer();
    for (const product of [first, second]) {
      expect(
        (await confirm(h, buyer, await clientSecretFor(h, buyer, product.productId, 349))).statusCode,
      ).toBe(200);
    }
    const invoices = await invoicesOf(h, buyer);
    expect(invoices.map((invoice) => invoice.productName)).toEqual(['Second', 'First']);
    const [newest, oldest] = invoices.map((invoice) => Number(String(invoice.invoiceNumber).slice(4)));
    expect(newest).toBeGreaterThan(oldest ?? Infinity);
    expect(await invoicesOf(h, other)).toEqual([]);
  });
});

describe('GET /api/billing/config', () => {
  it('names the Sandbox, with no publishable key, to anyone', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/billing/config' });
    expect([response.statusCode, response.json()]).toEqual([200, { provider: 'sandbox' }]);
  });

  it('has no Stripe webhook while the Sandbox is the provider', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: {} });
    expect(response.statusCode).toBe(404);
  });
});
