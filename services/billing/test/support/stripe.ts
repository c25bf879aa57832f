import { v7 as uuidv7 } from 'uuid';
import { createStripeProvider } from '../../src/payments/index.js';
import {
  signStripe,
  startFakeStripe,
  stripeCardMethod,
  stripeEvent,
  stripeIntent,
  type FakeStripe,
} from '../payments/stripe/fake-stripe.js';
import { startBilling, viewsSettled, type BillingOptions } from './billing-harness.js';
import { checkoutPaymentId, subscriptionStartedByCheckout, tenantOwnedBy } from './renewals.js';
import { billingEvents, createIntent, type Buyer } from './requests.js';

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

type StripeBilling = Awaited<ReturnType<typeof startBillingWithStripe>>;

/**
 * A checkout of `product` at Stripe, confirmed by its `payment_intent.succeeded` webhook (saving `pm_Card`), then
 * tenancy's start of its subscription at `startedAt`, in the buyer's tenant.
 */
export async function paidStripeCheckout(
  h: StripeBilling,
  buyer: Buyer,
  product: { productId: string; basePriceCents: number },
  startedAt: string,
) {
  answerAsStripe(h.fake);
  const { productId, basePriceCents } = product;
  const response = await createIntent(h, buyer, { productId, amount: basePriceCents / 100 });
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.body}`);
  const paymentId = await checkoutPaymentId(h.pool, buyer.userId, productId);
  const created = (await billingEvents(h)).find(
    (row) => row.type === 'PaymentCreated' && row.data.paymentId === paymentId,
  );
  const intent = stripeIntent({
    id: created?.data.providerPaymentId,
    amount: basePriceCents,
    status: 'succeeded',
    payment_method: 'pm_Card',
    setup_future_usage: 'off_session',
    metadata: { paymentId, productId, userId: buyer.userId },
  });
  const webhook = await h.deliver(stripeEvent('payment_intent.succeeded', intent));
  if (webhook.statusCode !== 200) throw new Error(`webhook failed: ${webhook.body}`);
  await viewsSettled(h);
  const tenantId = await tenantOwnedBy(h.pool, buyer.userId, startedAt);
  const subscriptionId = await subscriptionStartedByCheckout(h.pool, {
    paymentId,
    tenantId,
    productId,
    amountCents: basePriceCents,
    startedAt,
  });
  return { paymentId, tenantId, subscriptionId };
}
