import Stripe from 'stripe';
import { v7 as uuidv7 } from 'uuid';
import { stripeCardMethod, stripeIntent, type FakeStripe } from '../payments/stripe/fake-stripe.js';

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

/** A Stripe event as its webhooks send it, around one PaymentIntent (or other object). */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${uuidv7().replaceAll('-', '')}`,
): string {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

/** The Stripe-Signature header, made with the library's own test helper. */
export const signStripe = (payload: string, secret: string, timestamp?: number): string =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
