import { describe, expect, it } from 'vitest';
import { planChangeAuthenticationSchema, planChangeReplySchema } from '@app/contracts';
import { startedForFile } from '@app/test-support/started-for-file';
import { stripeIntent } from '../payments/stripe/fake-stripe.js';
import { addProduct, viewsSettled } from '../support/billing-harness.js';
import { renewalRunner, testClock } from '../support/renewals.js';
import { billingEvents, invoicesOf, newBuyer, type Buyer } from '../support/requests.js';
import { paidStripeCheckout, startBillingWithStripe } from '../support/stripe.js';

/**
 * An upgrade through the Stripe adapter when the card's bank asks for 3-D Secure (README "Plan changes"): the
 * customer-present charge comes back `requires_action`, the page completes the step with the client secret and asks
 * billing to finish; a step never completed is cancelled at Stripe by the renewal runner, and nothing changes.
 */
const clock = testClock('2027-01-15T10:00:00.000Z');
const h = startedForFile(() =>
  startBillingWithStripe(
    {
      secretKey: 'sk_test_plan_changes',
      publishableKey: 'pk_test_plan_changes',
      webhookSecret: 'whsec_billing_plan_change_tests',
    },
    { now: clock.now },
  ),
);
const prices = { basePriceCents: 2900, enterprisePriceCents: 9900 };

/** A checkout at Stripe confirmed by its webhook, and tenancy's start of its subscription a second later. */
async function boughtWithStripe(buyer: Buyer) {
  const product = await addProduct(h.pool, prices);
  const startedAt = new Date(clock.now().getTime() + 1_000).toISOString();
  const checkout = await paidStripeCheckout(
    h,
    buyer,
    { productId: product.productId, basePriceCents: 2900 },
    startedAt,
  );
  return checkout.subscriptionId;
}

/**
 * Stripe's answers to the upgrade's intent `id`: `requires_action` when made, then `status` when read back. Ids
 * differ per test, as Stripe's do (billing's payments view keys on them).
 */
function answerUpgrade(id: string, status: 'requires_action' | 'succeeded') {
  h.fake.requests.length = 0;
  h.fake.answer((request) => {
    const intent = (fields: Record<string, unknown>) =>
      stripeIntent({ id, client_secret: `${id}_secret_Step`, amount: 2258, ...fields });
    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      // The runner renews the file's other subscriptions meanwhile: those charges pay.
      if (request.form.off_session === 'true') {
        const key = String(request.headers['idempotency-key']);
        const renewal = `pi_3Renewal${key.replaceAll('-', '').slice(-16)}`;
        return { status: 200, body: stripeIntent({ id: renewal, status: 'succeeded', amount: 9900 }) };
      }
      return { status: 200, body: intent({ status: 'requires_action' }) };
    }
    if (request.path === `/v1/payment_intents/${id}/cancel`) {
      return { status: 200, body: intent({ status: 'canceled' }) };
    }
    if (request.method === 'GET' && request.path === `/v1/payment_intents/${id}`) {
      const card = {
        id: 'pm_Card',
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: '3184' },
      };
      return { status: 200, body: intent({ status, payment_method: card }) };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such thing' } } };
  });
}

const upgrade = (buyer: Buyer, subscriptionId: string) =>
  h.app.inject({
    method: 'POST',
    url: `/api/billing/subscriptions/${subscriptionId}/plan`,
    headers: buyer.headers,
    payload: { plan: 'enterprise' },
  });
const complete = (buyer: Buyer, subscriptionId: string) =>
  h.app.inject({
    method: 'POST',
    url: `/api/billing/subscriptions/${subscriptionId}/plan/complete`,
    headers: buyer.headers,
  });

describe('an upgrade whose bank asks for 3-D Secure, with Stripe', () => {
  it('hands the page the client secret, and finishes once the step is done', async () => {
    const avery = await newBuyer();
    clock.set('2027-01-15T10:00:00.000Z');
    const subscriptionId = await boughtWithStripe(avery);

    clock.set('2027-02-05T10:00:00.000Z');
    answerUpgrade('pi_3Upgrade', 'requires_action');
    const started = await upgrade(avery, subscriptionId);
    expect(started.statusCode).toBe(202);
    expect(planChangeAuthenticationSchema.parse(started.json())).toEqual({
      subscriptionId,
      outcome: 'requires-action',
      clientSecret: 'pi_3Upgrade_secret_Step',
    });
    // Customer present: confirmed at once, not off-session, with the upgrade's own key.
    const [charge] = h.fake.requests;
    expect(charge?.form).toMatchObject({ confirm: 'true', payment_method: 'pm_Card', amount: '2258' });
    expect(charge?.form.off_session).toBeUndefined();
    expect(charge?.headers['idempotency-key']).toMatch(/^billing-upgrade-/);

    // The bank has not answered yet; then the step is done.
    expect((await complete(avery, subscriptionId)).statusCode).toBe(409);
    expect((await complete(await newBuyer(), subscriptionId)).statusCode).toBe(404);
    answerUpgrade('pi_3Upgrade', 'succeeded');
    const finished = await complete(avery, subscriptionId);
    expect(finished.statusCode).toBe(200);
    // (99 − 29) × 10 days ÷ 31 days = $22.58.
    expect(planChangeReplySchema.parse(finished.json())).toMatchObject({
      outcome: 'changed',
      plan: 'enterprise',
      charged: 22.58,
    });
    expect((await complete(avery, subscriptionId)).json()).toMatchObject({
      outcome: 'changed',
      charged: 22.58,
    });
    await viewsSettled(h);
    expect((await invoicesOf(h, avery)).map((invoice) => invoice.amount)).toEqual(
      expect.arrayContaining([29, 22.58]),
    );
  });

  it('is cancelled at Stripe when the step is never completed, and nothing changes', async () => {
    const blake = await newBuyer();
    clock.set('2027-03-01T10:00:00.000Z');
    const subscriptionId = await boughtWithStripe(blake);
    clock.set('2027-03-10T10:00:00.000Z');
    answerUpgrade('pi_3Abandoned', 'requires_action');
    expect((await upgrade(blake, subscriptionId)).statusCode).toBe(202);
    await viewsSettled(h);

    const { runner, errors } = renewalRunner(h, clock.now, { provider: h.stripe });
    clock.set('2027-03-10T10:20:00.000Z');
    await runner.tick();
    expect(h.fake.requests.some((request) => request.path.endsWith('/cancel'))).toBe(false);
    clock.set('2027-03-10T10:31:00.000Z');
    const report = await runner.tick();
    expect(errors).toEqual([]);
    expect(report.planChanged).toEqual([]);
    expect(
      h.fake.requests.some((request) => request.path === '/v1/payment_intents/pi_3Abandoned/cancel'),
    ).toBe(true);
    const events = (await billingEvents(h)).filter((event) => event.data.subscriptionId === subscriptionId);
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['UpgradeStarted', 'UpgradeAwaitingAuthentication', 'UpgradeDeclined']),
    );
    expect(events.some((event) => event.type === 'PlanChanged')).toBe(false);
    await viewsSettled(h);
    expect(await invoicesOf(h, blake)).toHaveLength(1);
  });
});
