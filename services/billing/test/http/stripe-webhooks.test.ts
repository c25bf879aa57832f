import { beforeEach, describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import {
  cardDeclined,
  signStripe,
  stripeEvent as event,
  stripeIntent,
} from '../payments/stripe/fake-stripe.js';
import { addProduct, countEvents, expectRefusedUnchanged, viewsSettled } from '../support/billing-harness.js';
import {
  billingEvents,
  createIntent,
  invoicesOf,
  newBuyer,
  uuidv7,
  type Buyer,
} from '../support/requests.js';
import { answerAsStripe, startBillingWithStripe } from '../support/stripe.js';

const webhookSecret = 'whsec_billing_webhook_tests';
const h = startedForFile(() =>
  startBillingWithStripe({ secretKey: 'sk_test_billing', publishableKey: 'pk_test_billing', webhookSecret }),
);

beforeEach(() => {
  h.fake.requests.length = 0;
  answerAsStripe(h.fake);
});

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  signStripe(payload, options.secret ?? webhookSecret, options.timestamp);

/** A checkout through the Stripe adapter: the intent billing opened, as the webhook's object will carry it. */
async function checkout(buyer: Buyer, priceCents = 34_900) {
  const product = await addProduct(h.pool, { basePriceCents: priceCents });
  const response = await createIntent(h, buyer, { productId: product.productId, amount: priceCents / 100 });
  expect(response.statusCode).toBe(200);
  const intentRequest = h.fake.requests.find((request) => request.path === '/v1/payment_intents');
  const created = (await billingEvents(h)).filter((row) => row.type === 'PaymentCreated').at(-1);
  const paymentId = String(created?.data.paymentId);
  return {
    paymentId,
    clientSecret: response.json<{ clientSecret: string }>().clientSecret,
    intentRequest,
    intent: (fields: Record<string, unknown> = {}) =>
      stripeIntent({
        id: created?.data.providerPaymentId,
        amount: priceCents,
        metadata: { paymentId, productId: product.productId, userId: buyer.userId },
        ...fields,
      }),
  };
}

const succeededEvent = (intent: Record<string, unknown>, id?: string) =>
  event(
    'payment_intent.succeeded',
    { ...intent, status: 'succeeded', payment_method: 'pm_Card', setup_future_usage: 'off_session' },
    id,
  );

describe('checkout with Stripe', () => {
  it('opens the intent in cents and USD with billing’s metadata and idempotency keys', async () => {
    const buyer = await newBuyer();
    const { paymentId, clientSecret, intentRequest } = await checkout(buyer, 12_345);
    expect(clientSecret).toMatch(/^pi_Test\w+_secret_Abc$/);
    expect(intentRequest?.form).toMatchObject({
      amount: '12345',
      currency: 'usd',
      'metadata[paymentId]': paymentId,
      'metadata[userId]': buyer.userId,
      setup_future_usage: 'off_session',
    });
    expect(intentRequest?.headers['idempotency-key']).toBe(`billing-payment-${paymentId}`);
    const customerRequest = h.fake.requests.find((request) => request.path === '/v1/customers');
    expect(customerRequest?.headers['idempotency-key']).toBe(`billing-customer-${buyer.userId}`);
  });

  it('settles a signed payment_intent.succeeded: payment succeeded, invoice issued and paid', async () => {
    const buyer = await newBuyer();
    const { intent } = await checkout(buyer);
    const response = await h.deliver(succeededEvent(intent()));
    expect([response.statusCode, response.json()]).toEqual([200, { received: true, result: 'handled' }]);
    const rows = (await billingEvents(h)).filter((row) => row.data.userId === buyer.userId);
    expect(rows.map((row) => row.type)).toEqual([
      'CustomerCreated',
      'PaymentCreated',
      'PaymentSucceeded',
      'InvoiceIssued',
      'InvoicePaid',
    ]);
    expect(rows[2]?.data.card).toEqual({ brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2030 });
    await viewsSettled(h);
    expect(await invoicesOf(h, buyer)).toEqual([expect.objectContaining({ amount: 349, status: 'paid' })]);
  });

  it('handles each Stripe event once: a replay, or duplicates at the same moment, change nothing', async () => {
    const buyer = await newBuyer();
    const { intent } = await checkout(buyer);
    const payload = succeededEvent(intent());
    const deliveries = await Promise.all([1, 2, 3, 4].map(() => h.deliver(payload)));
    expect(deliveries.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(deliveries.map((response) => response.json<{ result: string }>().result).sort()).toEqual([
      'handled',
      'replayed',
      'replayed',
      'replayed',
    ]);
    const before = await countEvents(h.pool);
    const replay = await h.deliver(payload);
    expect(replay.json()).toEqual({ received: true, result: 'replayed' });
    expect(await countEvents(h.pool)).toBe(before);
    await viewsSettled(h);
    expect(await invoicesOf(h, buyer)).toHaveLength(1);
  });

  it('records a payment_intent.payment_failed, then a later success', async () => {
    const buyer = await newBuyer();
    const { intent, paymentId } = await checkout(buyer);
    const failure = {
      status: 'requires_payment_method',
      last_payment_error: cardDeclined('insufficient_funds', 'Your card has insufficient funds.'),
    };
    expect((await h.deliver(event('payment_intent.payment_failed', intent(failure)))).json()).toEqual({
      received: true,
      result: 'handled',
    });
    expect(await invoicesOf(h, buyer)).toEqual([]);
    await h.deliver(succeededEvent(intent()));
    const { events } = await h.eventStore.readStream(`billing_payment-${paymentId}`);
    expect(events.map((recorded) => recorded.type)).toEqual([
      'PaymentCreated',
      'PaymentFailed',
      'PaymentSucceeded',
    ]);
    expect(events[1]?.data).toMatchObject({
      code: 'card_declined',
      message: 'Your card has insufficient funds.',
    });
  });

  it('acknowledges events it does not act on, and intents it never recorded, changing nothing', async () => {
    const before = await countEvents(h.pool);
    const other = await h.deliver(event('customer.created', { id: 'cus_X', object: 'customer' }));
    expect(other.json()).toEqual({ received: true, result: 'ignored' });
    const stranger = stripeIntent({
      id: 'pi_Unknown',
      metadata: { paymentId: uuidv7(), productId: uuidv7(), userId: uuidv7() },
    });
    const unknown = await h.deliver(succeededEvent(stranger));
    expect(unknown.json()).toEqual({ received: true, result: 'unknown-payment' });
    expect(await countEvents(h.pool)).toBe(before);
  });

  it('refuses forged, foreign, stale and unsigned deliveries with 400, changing nothing', async () => {
    const buyer = await newBuyer();
    const { intent } = await checkout(buyer);
    const payload = succeededEvent(intent());
    const eventsBefore = await countEvents(h.pool);
    const tampered = payload.replace('"amount":34900', '"amount":1');
    expect(tampered).not.toBe(payload);
    const refusals = [
      h.deliver(tampered, sign(payload)),
      h.deliver(payload, sign(payload, { secret: 'whsec_someone_else' })),
      h.deliver(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 3_600 })),
      h.deliver(payload, null),
    ];
    for (const response of await Promise.all(refusals)) {
      await expectRefusedUnchanged(response, {
        status: 400,
        detail: 'The Stripe-Signature header does not verify this payload.',
        pool: h.pool,
        eventsBefore,
      });
    }
    // The genuine delivery still works afterwards: none of the refusals marked the event handled.
    expect((await h.deliver(payload)).json()).toEqual({ received: true, result: 'handled' });
  });
});

describe('the provider as announced', () => {
  it('names Stripe with its publishable key, and has no Sandbox confirmation', async () => {
    const config = await h.app.inject({ method: 'GET', url: '/api/billing/config' });
    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_billing' });
    const buyer = await newBuyer();
    const confirm = await h.app.inject({
      method: 'POST',
      url: '/api/billing/sandbox/confirm',
      headers: buyer.headers,
      payload: {},
    });
    expect(confirm.statusCode).toBe(404);
  });
});
