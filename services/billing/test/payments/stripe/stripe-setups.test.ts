import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ProviderResourceMissingError } from '../../../src/payments/provider-errors.js';
import {
  cardDeclined,
  resourceMissing,
  signStripe,
  stripeAdapterForFile,
  stripeCardMethod,
  stripeEvent,
} from './fake-stripe.js';

const webhookSecret = 'whsec_test_setups';
const stripe = stripeAdapterForFile({
  secretKey: 'sk_test_setups',
  publishableKey: 'pk_test',
  webhookSecret,
});
const setup = {
  setupId: '0190a0a0-0000-7000-8000-0000000000a1',
  userId: '0190a0a0-0000-7000-8000-0000000000a2',
};

/** A SetupIntent as Stripe's API returns it, with the fields the adapter reads. */
function stripeSetup(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    id: 'seti_1Test',
    object: 'setup_intent',
    status: 'requires_payment_method',
    client_secret: 'seti_1Test_secret_Abc',
    customer: 'cus_Test',
    usage: 'off_session',
    metadata: setup,
    payment_method: null,
    last_setup_error: null,
    livemode: false,
    ...fields,
  };
}

describe('Stripe SetupIntents at the HTTP boundary', () => {
  it('opens a SetupIntent for off-session use for the customer, with billing’s metadata and key', async () => {
    stripe.fake.answer(() => ({ status: 200, body: stripeSetup({}) }));
    const idempotencyKey = randomUUID();
    const created = await stripe.adapter.createSetupIntent({
      customerId: 'cus_Test',
      metadata: setup,
      idempotencyKey,
    });
    expect(created).toEqual({ providerSetupId: 'seti_1Test', clientSecret: 'seti_1Test_secret_Abc' });
    expect(stripe.fake.requests).toHaveLength(1);
    const [request] = stripe.fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/setup_intents' });
    expect(request?.headers['idempotency-key']).toBe(idempotencyKey);
    expect(request?.form).toEqual({
      customer: 'cus_Test',
      usage: 'off_session',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[setupId]': setup.setupId,
      'metadata[userId]': setup.userId,
    });
  });

  it('reads a setup back with its card expanded: brand, last four and expiry', async () => {
    stripe.fake.answer(() => ({
      status: 200,
      body: stripeSetup({
        status: 'succeeded',
        payment_method: stripeCardMethod('pm_New', 'mastercard', '4444'),
      }),
    }));
    expect(await stripe.adapter.retrieveSetupIntent('seti_1Test')).toEqual({
      status: 'succeeded',
      providerSetupId: 'seti_1Test',
      paymentMethodId: 'pm_New',
      card: { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2030 },
    });
    expect(stripe.fake.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/setup_intents/seti_1Test',
      form: { 'expand[0]': 'payment_method' },
    });
  });

  it('reads a setup still waiting for 3-D Secure as pending, a refused one with Stripe’s words', async () => {
    stripe.fake.answer(() => ({ status: 200, body: stripeSetup({ status: 'requires_action' }) }));
    expect(await stripe.adapter.retrieveSetupIntent('seti_1Test')).toEqual({
      status: 'pending',
      providerSetupId: 'seti_1Test',
    });
    stripe.fake.answer(() => ({
      status: 200,
      body: stripeSetup({
        last_setup_error: cardDeclined('insufficient_funds', 'Your card has insufficient funds.'),
      }),
    }));
    expect(await stripe.adapter.retrieveSetupIntent('seti_1Test')).toEqual({
      status: 'failed',
      providerSetupId: 'seti_1Test',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('answers a setup Stripe does not have as missing', async () => {
    stripe.fake.answer(() => resourceMissing(404, 'intent', "No such setupintent: 'seti_Gone'"));
    await expect(stripe.adapter.retrieveSetupIntent('seti_Gone')).rejects.toBeInstanceOf(
      ProviderResourceMissingError,
    );
  });

  it('reads a signed setup_intent.succeeded, fetching the card, and ignores another integration’s setup', async () => {
    stripe.fake.answer(() => ({ status: 200, body: stripeCardMethod('pm_New', 'visa', '3155') }));
    const payload = stripeEvent(
      'setup_intent.succeeded',
      stripeSetup({ status: 'succeeded', payment_method: 'pm_New' }),
    );
    expect(await stripe.adapter.parseWebhook(payload, signStripe(payload, webhookSecret))).toMatchObject({
      kind: 'setup',
      setup,
      outcome: {
        status: 'succeeded',
        paymentMethodId: 'pm_New',
        card: { brand: 'visa', last4: '3155', expMonth: 12, expYear: 2030 },
      },
    });
    const foreign = stripeEvent('setup_intent.succeeded', stripeSetup({ status: 'succeeded', metadata: {} }));
    expect(await stripe.adapter.parseWebhook(foreign, signStripe(foreign, webhookSecret))).toMatchObject({
      kind: 'ignored',
    });
  });
});
