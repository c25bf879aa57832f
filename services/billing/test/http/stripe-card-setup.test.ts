import { beforeEach, describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { stripeCardMethod, stripeEvent } from '../payments/stripe/fake-stripe.js';
import { cardOnFile, startCardSetup } from '../support/card-on-file.js';
import { billingEvents, newBuyer, type Buyer } from '../support/requests.js';
import { startBillingWithStripe } from '../support/stripe.js';

/**
 * Replacing the card with Stripe (issue 19): the page asking after Stripe.js confirmed the SetupIntent, and
 * Stripe's setup_intent.succeeded webhook, record one PaymentMethodSaved between them, in either order.
 */
const h = startedForFile(() =>
  startBillingWithStripe({
    secretKey: 'sk_test_setup',
    publishableKey: 'pk_test_setup',
    webhookSecret: 'whsec_setup_tests',
  }),
);

/** Stripe's SetupIntent for billing's request, succeeded with a Mastercard once `confirmed` says so. */
const setups = new Map<string, { metadata: Record<string, string>; confirmed: boolean }>();
function stripeSetup(id: string) {
  const known = setups.get(id);
  return {
    id,
    object: 'setup_intent',
    status: known?.confirmed ? 'succeeded' : 'requires_payment_method',
    client_secret: `${id}_secret_Abc`,
    customer: 'cus_Test',
    usage: 'off_session',
    metadata: known?.metadata ?? {},
    payment_method: known?.confirmed ? stripeCardMethod('pm_New', 'mastercard', '4444') : null,
    last_setup_error: null,
    livemode: false,
  };
}

beforeEach(() => {
  h.fake.requests.length = 0;
});

function answerSetups() {
  h.fake.answer((request) => {
    if (request.method === 'POST' && request.path === '/v1/customers') {
      return { status: 200, body: { id: 'cus_Test', object: 'customer' } };
    }
    if (request.method === 'POST' && request.path === '/v1/setup_intents') {
      const id = `seti_${request.form['metadata[setupId]']?.replaceAll('-', '')}`;
      setups.set(id, {
        metadata: {
          setupId: request.form['metadata[setupId]'] ?? '',
          userId: request.form['metadata[userId]'] ?? '',
        },
        confirmed: false,
      });
      return { status: 200, body: stripeSetup(id) };
    }
    const retrieved = /^\/v1\/setup_intents\/(seti_\w+)$/.exec(request.path);
    if (request.method === 'GET' && retrieved?.[1]) return { status: 200, body: stripeSetup(retrieved[1]) };
    if (request.method === 'GET' && request.path === '/v1/payment_methods/pm_New') {
      return { status: 200, body: stripeCardMethod('pm_New', 'mastercard', '4444') };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such thing' } } };
  });
}

async function confirmedSetup(buyer: Buyer) {
  answerSetups();
  const started = await startCardSetup(h, buyer);
  expect(started.statusCode).toBe(200);
  const { setupId, clientSecret } = started.json<{ setupId: string; clientSecret: string }>();
  const id = clientSecret.replace(/_secret_Abc$/, '');
  const setup = setups.get(id);
  if (!setup) throw new Error('no setup at the stand-in');
  setup.confirmed = true;
  return {
    setupId,
    webhook: stripeEvent('setup_intent.succeeded', { ...stripeSetup(id), payment_method: 'pm_New' }),
  };
}

const complete = (buyer: Buyer, setupId: string) =>
  h.app.inject({
    method: 'POST',
    url: `/api/billing/payment-method/setups/${setupId}/complete`,
    headers: buyer.headers,
  });

const savedEvents = async (setupId: string) =>
  (await billingEvents(h)).filter(
    (event) => event.type === 'PaymentMethodSaved' && event.data.setupId === setupId,
  );

describe('a card replaced with Stripe', () => {
  it('is recorded once when the page completes it and then the webhook arrives', async () => {
    const buyer = await newBuyer();
    const { setupId, webhook } = await confirmedSetup(buyer);
    expect((await complete(buyer, setupId)).json()).toEqual({ status: 'succeeded', message: null });
    const delivered = await h.deliver(webhook);
    expect(delivered.json()).toEqual({ received: true, result: 'handled' });
    expect(await savedEvents(setupId)).toHaveLength(1);
    expect((await cardOnFile(h, buyer)).card).toEqual({
      brand: 'mastercard',
      last4: '4444',
      expMonth: 12,
      expYear: 2030,
    });
  });

  it('is recorded once when the webhook arrives first, even delivered twice', async () => {
    const buyer = await newBuyer();
    const { setupId, webhook } = await confirmedSetup(buyer);
    expect((await h.deliver(webhook)).json()).toEqual({ received: true, result: 'handled' });
    expect((await h.deliver(webhook)).json()).toEqual({ received: true, result: 'replayed' });
    expect((await complete(buyer, setupId)).json()).toEqual({ status: 'succeeded', message: null });
    expect(await savedEvents(setupId)).toHaveLength(1);
  });
});
