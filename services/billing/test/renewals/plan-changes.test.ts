import { describe, expect, it } from 'vitest';
import {
  billingSubjects,
  planChangePreviewSchema,
  planChangeReplySchema,
  subscriptionTermListSchema,
} from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import { eventually } from '@app/test-support/eventually';
import { withRelay } from '@app/test-support/nats';
import { startedForFile } from '@app/test-support/started-for-file';
import { service } from '../../src/service.js';
import { createSandboxProvider } from '../../src/payments/index.js';
import { addProduct, startBilling, viewsSettled } from '../support/billing-harness.js';
import { checkoutAndStart, renewalRunner, testClock } from '../support/renewals.js';
import { billingEvents, invoicesOf, newBuyer, problemOf, type Buyer } from '../support/requests.js';

/**
 * Plan changes (issue 19, README "Plan changes") on the injected clock: an upgrade charges the exact prorated
 * difference at once, on a prorated invoice, once however often it is asked, and renewals then bill the new
 * price; a downgrade waits for the renewal and that renewal bills the new price; a declined upgrade changes nothing.
 */
const clock = testClock('2027-01-15T10:00:00.000Z');
const h = startedForFile(async () =>
  withRelay(
    await startBilling({
      now: clock.now,
      provider: (pool) => createSandboxProvider({ pool, now: clock.now }),
    }),
    service,
  ),
);
const prices = { basePriceCents: 2900, basicPriceCents: 900, enterprisePriceCents: 9900 };

async function bought(buyer: Buyer, card = '4242 4242 4242 4242') {
  const product = await addProduct(h.pool, prices);
  return checkoutAndStart(h, clock.now, {
    buyer,
    product: { productId: product.productId, basePriceCents: prices.basePriceCents },
    card,
  });
}

const planPath = (subscriptionId: string) => `/api/billing/subscriptions/${subscriptionId}/plan`;

async function preview(buyer: Buyer, subscriptionId: string, plan: string) {
  const response = await h.app.inject({
    method: 'GET',
    url: `${planPath(subscriptionId)}?plan=${plan}`,
    headers: buyer.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return planChangePreviewSchema.parse(response.json());
}

function change(buyer: Buyer, subscriptionId: string, body: Record<string, unknown>) {
  return h.app.inject({
    method: 'POST',
    url: planPath(subscriptionId),
    headers: buyer.headers,
    payload: body,
  });
}

async function termOf(buyer: Buyer, subscriptionId: string) {
  const response = await h.app.inject({
    method: 'GET',
    url: `/api/billing/subscriptions?ids=${subscriptionId}`,
    headers: buyer.headers,
  });
  return subscriptionTermListSchema.parse(response.json())[0];
}

describe('changing plan', () => {
  it('upgrades at once for the exact prorated amount, once, and renewals then bill the new price', async () => {
    const avery = await newBuyer();
    clock.set('2027-01-15T10:00:00.000Z');
    const { subscriptionId } = await bought(avery);

    // One day left of a 31-day period: (99 − 29) × 86,400 / 2,678,400 = $2.2581 → $2.26.
    clock.set('2027-02-14T10:00:00.000Z');
    const quote = await preview(avery, subscriptionId, 'enterprise');
    expect(quote).toMatchObject({
      kind: 'upgrade',
      fromPlan: 'professional',
      plan: 'enterprise',
      currentAmount: 29,
      amount: 99,
      chargeNow: 2.26,
      periodEnd: '2027-02-15T10:00:00.000Z',
    });
    // Confirmed 40 seconds later: prorated from the quote, so charged what was shown.
    clock.set('2027-02-14T10:00:40.000Z');
    const [first, second] = await Promise.all([
      change(avery, subscriptionId, { plan: 'enterprise', quotedAt: quote.quotedAt }),
      change(avery, subscriptionId, { plan: 'enterprise', quotedAt: quote.quotedAt }),
    ]);
    const replies = [first, second].map((response) => response.statusCode).sort();
    expect(replies).toEqual([200, 409]);
    const changed = planChangeReplySchema.parse((first.statusCode === 200 ? first : second).json());
    expect(changed).toMatchObject({ outcome: 'changed', plan: 'enterprise', amount: 99, charged: 2.26 });
    expect((await change(avery, subscriptionId, { plan: 'enterprise' })).statusCode).toBe(409);

    await viewsSettled(h);
    const invoices = await invoicesOf(h, avery);
    expect(invoices.map((invoice) => [invoice.amount, invoice.status])).toEqual(
      expect.arrayContaining([
        [29, 'paid'],
        [2.26, 'paid'],
      ]),
    );
    expect(invoices).toHaveLength(2);
    const document = await h.app.inject({
      method: 'GET',
      url: `/api/invoices/${changed.invoiceId}`,
      headers: avery.headers,
    });
    expect(document.json()).toMatchObject({
      amount: 2.26,
      periodStart: '2027-02-14T10:00:00.000Z',
      periodEnd: '2027-02-15T10:00:00.000Z',
      lines: [
        { description: expect.stringContaining('upgrade from Professional ($29.00/month)'), amount: 2.26 },
      ],
    });
    const upgrades = (await billingEvents(h)).filter(
      (event) => event.type === 'PaymentSucceeded' && event.data.kind === 'upgrade',
    );
    expect(upgrades.map((event) => event.data.amountCents)).toEqual([226]);
    await eventually(() =>
      h.nats.messages.some(
        (message) => message.subject === billingSubjects.planChanged && message.text.includes(subscriptionId),
      ),
    );

    const { runner, errors } = renewalRunner(h, clock.now);
    clock.set('2027-02-15T10:01:00.000Z');
    const renewed = await runner.tick();
    expect(renewed.paid).toHaveLength(1);
    await viewsSettled(h);
    expect(errors).toEqual([]);
    expect((await invoicesOf(h, avery)).map((invoice) => invoice.amount)).toContain(99);
  });

  it('downgrades at the next renewal, which bills the new price; going back before then withdraws it', async () => {
    const blake = await newBuyer();
    clock.set('2027-03-01T10:00:00.000Z');
    const { subscriptionId } = await bought(blake);

    clock.set('2027-03-10T10:00:00.000Z');
    const scheduled = await change(blake, subscriptionId, { plan: 'basic' });
    expect(scheduled.json()).toMatchObject({
      outcome: 'scheduled',
      plan: 'basic',
      charged: 0,
      effectiveAt: '2027-04-01T10:00:00.000Z',
    });
    await viewsSettled(h);
    expect(await termOf(blake, subscriptionId)).toMatchObject({
      scheduledPlanChange: { plan: 'basic', amount: 9, effectiveAt: '2027-04-01T10:00:00.000Z' },
    });
    expect((await change(blake, subscriptionId, { plan: 'professional' })).json()).toMatchObject({
      outcome: 'withdrawn',
    });
    expect((await change(blake, subscriptionId, { plan: 'basic' })).statusCode).toBe(200);
    await viewsSettled(h);

    const { runner, errors } = renewalRunner(h, clock.now);
    clock.set('2027-04-01T10:01:00.000Z');
    const renewed = await runner.tick();
    expect(renewed.planChanged).toEqual([subscriptionId]);
    await viewsSettled(h);
    expect(errors).toEqual([]);
    expect((await invoicesOf(h, blake)).map((invoice) => invoice.amount).sort()).toEqual([29, 9]);
    const changes = (await billingEvents(h)).filter(
      (event) => event.type === 'PlanChanged' && event.data.subscriptionId === subscriptionId,
    );
    expect(changes).toMatchObject([{ data: { kind: 'downgrade', fromPlan: 'professional', plan: 'basic' } }]);
    expect(await termOf(blake, subscriptionId)).toMatchObject({ scheduledPlanChange: null });
  });

  it("refuses a declined upgrade with the issuer's words, and changes nothing", async () => {
    const casey = await newBuyer();
    clock.set('2027-05-01T10:00:00.000Z');
    // Saved fine at checkout, declined when charged later (Stripe's 0341 card).
    const { subscriptionId } = await bought(casey, '4000 0000 0000 0341');
    clock.set('2027-05-10T10:00:00.000Z');
    const declined = await change(casey, subscriptionId, { plan: 'enterprise' });
    expect(declined.statusCode).toBe(402);
    expect(problemOf(declined).detail).toBe('Your card was declined.');
    await viewsSettled(h);
    expect(await invoicesOf(h, casey)).toHaveLength(1);
    expect(await preview(casey, subscriptionId, 'enterprise')).toMatchObject({ fromPlan: 'professional' });
  });

  it("charges a 3-D Secure card with its holder present, as checkout does; an admin's upgrade for them declines", async () => {
    const erin = await newBuyer();
    clock.set('2027-07-01T10:00:00.000Z');
    // Stripe's 3184 card asks for 3-D Secure on every charge; the Sandbox counts it given while the holder is present.
    const { subscriptionId } = await bought(erin, '4000 0027 6000 3184');
    clock.set('2027-07-10T10:00:00.000Z');
    const admin = await h.app.inject({
      method: 'POST',
      url: `/api/admin/billing/subscriptions/${subscriptionId}/plan`,
      headers: await identityHeaders('admin'),
      payload: { plan: 'enterprise' },
    });
    expect(admin.statusCode).toBe(402);
    expect(problemOf(admin).detail).toMatch(/authentication/i);
    const own = await change(erin, subscriptionId, { plan: 'enterprise' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ outcome: 'changed', plan: 'enterprise' });
  });

  it('refuses a plan the product does not offer with 400, and another customer’s subscription with 404', async () => {
    const dana = await newBuyer();
    clock.set('2027-06-01T10:00:00.000Z');
    const product = await addProduct(h.pool, { basePriceCents: 2900 });
    const { subscriptionId } = await checkoutAndStart(h, clock.now, {
      buyer: dana,
      product: { productId: product.productId, basePriceCents: 2900 },
      card: '4242 4242 4242 4242',
    });
    expect((await change(dana, subscriptionId, { plan: 'basic' })).statusCode).toBe(400);
    expect((await change(await newBuyer(), subscriptionId, { plan: 'basic' })).statusCode).toBe(404);
    expect((await change(dana, subscriptionId, { plan: 'platinum' })).statusCode).toBe(400);
  });
});
