import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  adapterKeys,
  cardDeclined,
  paymentMetadata as metadata,
  resourceMissing,
  stripeAdapterForFile,
  stripeCardMethod,
  stripeIntent,
} from './fake-stripe.js';

const stripe = stripeAdapterForFile();

const metadataForm = {
  'metadata[paymentId]': metadata.paymentId,
  'metadata[productId]': metadata.productId,
  'metadata[userId]': metadata.userId,
  'metadata[tenantId]': metadata.tenantId,
};

/** Charges the saved card `pm_Saved` of `cus_Test` off-session, 49.99 USD, under a fresh idempotency key. */
const chargeSavedCard = (overrides: { customerId?: string; idempotencyKey?: string } = {}) =>
  stripe.adapter.chargeOffSession({
    amountCents: 4999,
    currency: 'usd',
    customerId: 'cus_Test',
    paymentMethodId: 'pm_Saved',
    metadata,
    idempotencyKey: randomUUID(),
    ...overrides,
  });

/** The one request the adapter sent: a POST to `path`, with the secret key and `idempotencyKey`; its form. */
function onlyPost(path: string, idempotencyKey?: string) {
  expect(stripe.fake.requests).toHaveLength(1);
  const request = stripe.fake.requests[0];
  if (!request) throw new Error('no request');
  expect(request).toMatchObject({ method: 'POST', path });
  expect(request.headers.authorization).toBe(`Bearer ${adapterKeys.secretKey}`);
  if (idempotencyKey !== undefined) expect(request.headers['idempotency-key']).toBe(idempotencyKey);
  return request.form;
}

describe('Stripe adapter at its HTTP boundary', () => {
  it('is announced with its publishable key', () => {
    expect(stripe.adapter.name).toBe('stripe');
    expect(stripe.adapter.publishableKey).toBe(adapterKeys.publishableKey);
  });

  it('creates a customer with the email, the user id and the idempotency key', async () => {
    stripe.fake.answer(() => ({
      status: 200,
      body: { id: 'cus_Test', object: 'customer', email: 'casey@demo.local' },
    }));
    const idempotencyKey = randomUUID();
    const created = await stripe.adapter.createCustomer({
      userId: metadata.userId,
      email: 'casey@demo.local',
      idempotencyKey,
    });
    expect(created).toEqual({ customerId: 'cus_Test' });
    expect(onlyPost('/v1/customers', idempotencyKey)).toEqual({
      email: 'casey@demo.local',
      'metadata[userId]': metadata.userId,
    });
  });

  it('creates a PaymentIntent in cents and USD with the metadata, saving the card for renewals', async () => {
    stripe.fake.answer(() => ({
      status: 200,
      body: stripeIntent({ metadata, setup_future_usage: 'off_session' }),
    }));
    const idempotencyKey = randomUUID();
    const created = await stripe.adapter.createPaymentIntent({
      amountCents: 4999,
      currency: 'usd',
      customerId: 'cus_Test',
      metadata,
      savePaymentMethod: true,
      idempotencyKey,
    });
    expect(created).toEqual({ providerPaymentId: 'pi_3Test', clientSecret: 'pi_3Test_secret_Abc123' });
    expect(onlyPost('/v1/payment_intents', idempotencyKey)).toEqual({
      amount: '4999',
      currency: 'usd',
      customer: 'cus_Test',
      ...metadataForm,
      'automatic_payment_methods[enabled]': 'true',
      setup_future_usage: 'off_session',
    });
  });

  it('leaves out setup_future_usage when the card is not kept, and a missing tenant', async () => {
    stripe.fake.answer(() => ({ status: 200, body: stripeIntent({}) }));
    await stripe.adapter.createPaymentIntent({
      amountCents: 1000,
      currency: 'usd',
      customerId: 'cus_Test',
      metadata: { ...metadata, tenantId: null },
      savePaymentMethod: false,
      idempotencyKey: randomUUID(),
    });
    const form = onlyPost('/v1/payment_intents');
    expect(form).not.toHaveProperty('setup_future_usage');
    expect(form).not.toHaveProperty('metadata[tenantId]');
    expect(form.amount).toBe('1000');
  });

  it('charges the saved card off-session and reports the card from the expanded method', async () => {
    stripe.fake.answer(() => ({
      status: 200,
      body: stripeIntent({
        id: 'pi_3Renewal',
        status: 'succeeded',
        payment_method: stripeCardMethod('pm_Saved', 'visa', '4242'),
        metadata,
      }),
    }));
    const idempotencyKey = randomUUID();
    const outcome = await chargeSavedCard({ idempotencyKey });
    expect(outcome).toEqual({
      status: 'succeeded',
      providerPaymentId: 'pi_3Renewal',
      paymentMethodId: 'pm_Saved',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    });
    expect(onlyPost('/v1/payment_intents', idempotencyKey)).toEqual({
      amount: '4999',
      currency: 'usd',
      customer: 'cus_Test',
      payment_method: 'pm_Saved',
      ...metadataForm,
      off_session: 'true',
      confirm: 'true',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'expand[0]': 'payment_method',
    });
  });

  it('turns a 402 card error into a failed outcome with Stripe’s code, decline code and message', async () => {
    stripe.fake.answer(() => ({
      status: 402,
      body: {
        error: {
          ...cardDeclined('insufficient_funds', 'Your card has insufficient funds.'),
          charge: 'ch_3Declined',
          payment_intent: stripeIntent({
            id: 'pi_3Declined',
            last_payment_error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'insufficient_funds',
            },
          }),
        },
      },
    }));
    const outcome = await chargeSavedCard();
    expect(outcome).toEqual({
      status: 'failed',
      providerPaymentId: 'pi_3Declined',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(stripe.fake.requests).toHaveLength(1);
  });

  it('turns an intent answered as requires_payment_method into a failed outcome', async () => {
    stripe.fake.answer(() => ({
      status: 200,
      body: stripeIntent({
        id: 'pi_3Failed',
        payment_method: stripeCardMethod('pm_Saved', 'visa', '0341'),
        last_payment_error: cardDeclined('generic_decline', 'Your card was declined.'),
      }),
    }));
    const outcome = await chargeSavedCard();
    expect(outcome).toEqual({
      status: 'failed',
      providerPaymentId: 'pi_3Failed',
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
  });

  it('throws what is not a card decline', async () => {
    stripe.fake.answer(() => resourceMissing(400, 'customer', "No such customer: 'cus_Gone'"));
    const charge = chargeSavedCard({ customerId: 'cus_Gone' });
    await expect(charge).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(charge).rejects.toThrow("No such customer: 'cus_Gone'");
  });
});
