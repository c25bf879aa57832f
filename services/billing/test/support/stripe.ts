import { v7 as uuidv7 } from 'uuid';
import { createStripeProvider } from '../../src/payments/index.js';
import {
  signStripe,
  startFakeStripe,
  stripeCardMethod,
  stripeIntent,
  type FakeStripe,
} from '../payments/stripe/fake-stripe.js';
import { startBilling, type BillingOptions } from './billing-harness.js';

/**
 * Billing on the Stripe adapter (`stripe`), which talks to a local stand-in for Stripe (`fake`), and `deliver`, a
 * webhook as Stripe sends it: signed with the webhook secret unless given another signature, none for `null`.
 */
export async function startBillingWithStripe(
  keys: { secretKey: string; publishableKey: string; webhookSecret: string },
  options: Omit<BillingOptions, 'provider'> = {},
) {
  const fake = await startFakeStripe();
  const stripe = createStripeProvider({ ...keys, apiBase: fake.apiBase });
  const h = await startBilling({ ...options, provider: () => stripe });
  return {
    ...h,
    fake,
    stripe,
    deliver: (payload: string, signature: string | null = signStripe(payload, keys.webhookSecret)) =>
      h.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          ...(signature === null ? {} : { 'stripe-signature': signature }),
        },
        payload,
      }),
    async close() {
      await h.close();
      await fake.close();
    },
  };
}

/**
 * Stripe as billing uses it, on the local stand-in: customers, PaymentIntents (echoing billing's metadata and
 * amount), and the card a succeeded intent names (`pm_Card`, a Mastercard ending 4444).
 */
export function answerAsStripe(fake: FakeStripe): void {
  fake.answer((request) => {
    if (request.method === 'POST' && request.path === '/v1/customers') {
      const id = `cus_${request.form['metadata[userId]']?.replaceAll('-', '').slice(-12)}`;
      return { status: 200, body: { id, object: 'customer' } };
    }
    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      // Unique across the file, as Stripe's are: billing's payments view keys on the provider's id.
      const id = `pi_Test${uuidv7().replaceAll('-', '')}`;
      const metadata = Object.fromEntries(
        Object.entries(request.form)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
      );
      const amount = Number(request.form.amount);
      return { status: 200, body: stripeIntent({ id, client_secret: `${id}_secret_Abc`, amount, metadata }) };
    }
    if (request.method === 'GET' && request.path === '/v1/payment_methods/pm_Card') {
      return { status: 200, body: stripeCardMethod('pm_Card', 'mastercard', '4444') };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such thing' } } };
  });
}
