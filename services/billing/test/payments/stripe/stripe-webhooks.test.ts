import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../../../src/payments/provider-errors.js';
import {
  cardDeclined,
  paymentMetadata as metadata,
  signStripe,
  stripeAdapterForFile,
  stripeCardMethod,
  stripeEvent,
  stripeIntent,
} from './fake-stripe.js';

const webhookSecret = 'whsec_test_webhooks';
const stripe = stripeAdapterForFile({
  secretKey: 'sk_test_webhooks',
  publishableKey: 'pk_test_webhooks',
  webhookSecret,
});
beforeEach(() => {
  stripe.fake.answer((request) =>
    request.method === 'GET' && request.path === '/v1/payment_methods/pm_Card'
      ? { status: 200, body: stripeCardMethod('pm_Card', 'mastercard', '4444') }
      : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such thing' } } },
  );
});

const event = (type: string, object: Record<string, unknown>, id = 'evt_1Test') =>
  stripeEvent(type, object, id);
const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  signStripe(payload, options.secret ?? webhookSecret, options.timestamp);

const succeeded = (fields: Record<string, unknown> = {}) =>
  event(
    'payment_intent.succeeded',
    stripeIntent({
      id: 'pi_3Paid',
      status: 'succeeded',
      payment_method: 'pm_Card',
      setup_future_usage: 'off_session',
      latest_charge: 'ch_3Paid',
      metadata,
      ...fields,
    }),
  );

describe('Stripe webhooks', () => {
  it('reads a signed payment_intent.succeeded, fetching the card its payment method names', async () => {
    const payload = succeeded();
    expect(await stripe.adapter.parseWebhook(Buffer.from(payload), sign(payload))).toEqual({
      eventId: 'evt_1Test',
      eventType: 'payment_intent.succeeded',
      kind: 'payment-succeeded',
      providerPaymentId: 'pi_3Paid',
      amountCents: 4999,
      metadata,
      outcome: {
        status: 'succeeded',
        providerPaymentId: 'pi_3Paid',
        paymentMethodId: 'pm_Card',
        card: { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2030 },
      },
    });
    expect(stripe.fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/payment_methods/pm_Card',
    ]);
  });

  it('names no saved method when the payment did not keep the card, and reads a string body', async () => {
    const payload = succeeded({ setup_future_usage: null, metadata: { ...metadata, tenantId: undefined } });
    const fact = await stripe.adapter.parseWebhook(payload, sign(payload));
    expect(fact).toMatchObject({
      metadata: { ...metadata, tenantId: null },
      outcome: { status: 'succeeded', paymentMethodId: null },
    });
  });

  it('reads a payment_intent.payment_failed with Stripe’s code, decline code and message', async () => {
    const payload = event(
      'payment_intent.payment_failed',
      stripeIntent({
        id: 'pi_3Declined',
        metadata,
        last_payment_error: {
          ...cardDeclined('generic_decline', 'Your card was declined.'),
          payment_method: stripeCardMethod('pm_Card', 'visa', '0002'),
        },
      }),
      'evt_2Failed',
    );
    expect(await stripe.adapter.parseWebhook(payload, sign(payload))).toEqual({
      eventId: 'evt_2Failed',
      eventType: 'payment_intent.payment_failed',
      kind: 'payment-failed',
      providerPaymentId: 'pi_3Declined',
      amountCents: 4999,
      metadata,
      outcome: {
        status: 'failed',
        providerPaymentId: 'pi_3Declined',
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    expect(stripe.fake.requests).toHaveLength(0);
  });

  it('ignores other events and payments that billing did not create', async () => {
    const other = event('customer.created', { id: 'cus_Test', object: 'customer' }, 'evt_3Other');
    expect(await stripe.adapter.parseWebhook(other, sign(other))).toEqual({
      eventId: 'evt_3Other',
      eventType: 'customer.created',
      kind: 'ignored',
    });
    const foreign = succeeded({ metadata: { orderId: '42' } });
    expect(await stripe.adapter.parseWebhook(foreign, sign(foreign))).toMatchObject({ kind: 'ignored' });
    expect(stripe.fake.requests).toHaveLength(0);
  });

  it('refuses a forged signature, a tampered body, another secret and a missing header', async () => {
    const payload = succeeded();
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    const refusals = [
      stripe.adapter.parseWebhook(payload, forged),
      stripe.adapter.parseWebhook(payload.replace('4999', '1'), sign(payload)),
      stripe.adapter.parseWebhook(payload, sign(payload, { secret: 'whsec_someone_else' })),
      stripe.adapter.parseWebhook(payload, undefined),
      stripe.adapter.parseWebhook(payload, 'garbage'),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toBeInstanceOf(WebhookSignatureError);
    expect(stripe.fake.requests).toHaveLength(0);
  });

  it('refuses a signature older than the library’s tolerance and accepts one within it', async () => {
    const payload = succeeded();
    const now = Math.floor(Date.now() / 1000);
    const tolerance = Stripe.webhooks.DEFAULT_TOLERANCE;
    await expect(
      stripe.adapter.parseWebhook(payload, sign(payload, { timestamp: now - tolerance - 10 })),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(
      stripe.adapter.parseWebhook(payload, sign(payload, { timestamp: now - tolerance + 30 })),
    ).resolves.toMatchObject({ kind: 'payment-succeeded' });
  });
});
