import { describe, expect, it } from 'vitest';
import { billingRenewalUpcomingV1, billingSubjects } from '@app/contracts';
import { eventually } from '@app/test-support/eventually';
import { withRelay } from '@app/test-support/nats';
import { startedForFile } from '@app/test-support/started-for-file';
import { service } from '../../src/service.js';
import { createSandboxProvider } from '../../src/payments/index.js';
import { addProduct, startBilling, viewsSettled } from '../support/billing-harness.js';
import {
  checkoutAndStart,
  renewalRunner,
  statusChanged,
  tenancyMessage,
  tenantOwnedBy,
  testClock,
} from '../support/renewals.js';
import { newBuyer, uuidv7, type Buyer } from '../support/requests.js';

/**
 * Renewal reminders and trial-ending notices (README "Renewal reminders") on the injected clock: the runner
 * announces each bill 3 days ahead, once whatever the ticks, replicas and restarts, with the price a plan change
 * set, and never for a subscription that will not renew; the relay publishes each announcement.
 */
const clock = testClock('2026-01-31T09:00:00.000Z');
const h = startedForFile(async () =>
  withRelay(
    await startBilling({
      now: clock.now,
      provider: (pool) => createSandboxProvider({ pool, now: clock.now }),
    }),
    service,
  ),
);
const prices = { basePriceCents: 2_900, basicPriceCents: 900, enterprisePriceCents: 9_900 };

async function bought(buyer: Buyer) {
  const product = await addProduct(h.pool, prices);
  const subscription = await checkoutAndStart(h, clock.now, {
    buyer,
    product: { productId: product.productId, basePriceCents: prices.basePriceCents },
    card: '4242 4242 4242 4242',
  });
  return { ...subscription, buyer };
}

/** A tick at `iso` by a runner of its own (a replica, or billing after a restart): what it announced. */
async function announcedAt(iso: string) {
  clock.set(iso);
  const { runner, errors } = renewalRunner(h, clock.now);
  const report = await runner.tick();
  await viewsSettled(h);
  expect(errors).toEqual([]);
  return report.announced;
}

/** Every billing.subscription.renewal-upcoming.v1 the relay published for `subscriptionId`. */
const published = (subscriptionId: string) =>
  h.nats.messages
    .filter((message) => message.subject === billingSubjects.renewalUpcoming)
    .map((message) => billingRenewalUpcomingV1.parse(JSON.parse(message.text)).data)
    .filter((data) => data.subscriptionId === subscriptionId);

describe('a renewal reminder', () => {
  it('is announced 3 days before the renewal, once across ticks, replicas and restarts, and published', async () => {
    clock.set('2026-01-31T09:00:00.000Z');
    const { subscriptionId, tenantId, productId } = await bought(await newBuyer());
    // Its cycle began with the checkout: it renews on Feb 28 at 09:00.
    expect(await announcedAt('2026-02-25T08:59:59.000Z')).not.toContain(subscriptionId);
    const [first, second] = await Promise.all(
      ['2026-02-25T09:00:00.000Z', '2026-02-25T09:00:00.000Z'].map((iso) => announcedAt(iso)),
    );
    expect([...(first ?? []), ...(second ?? [])].filter((id) => id === subscriptionId)).toEqual([
      subscriptionId,
    ]);
    expect(await announcedAt('2026-02-26T12:00:00.000Z')).not.toContain(subscriptionId);
    expect(await announcedAt('2026-02-28T09:00:00.000Z')).not.toContain(subscriptionId);

    await eventually(() => published(subscriptionId).length > 0);
    expect(published(subscriptionId)).toEqual([
      {
        subscriptionId,
        tenantId,
        productId,
        kind: 'renewal',
        plan: 'professional',
        amountCents: 2_900,
        currency: 'usd',
        renewsAt: '2026-02-28T09:00:00.000Z',
        cardOnFile: true,
        announcedAt: '2026-02-25T09:00:00.000Z',
      },
    ]);
    // The next renewal in its turn.
    expect(await announcedAt('2026-03-28T09:00:00.000Z')).toContain(subscriptionId);
  });

  it('gives the price an upgrade made before it set, and that of a downgrade scheduled for the renewal', async () => {
    clock.set('2026-04-01T10:00:00.000Z');
    const upgraded = await bought(await newBuyer());
    const downgraded = await bought(await newBuyer());
    clock.set('2026-04-20T10:00:00.000Z');
    for (const [subscription, plan] of [
      [upgraded, 'enterprise'],
      [downgraded, 'basic'],
    ] as const) {
      const response = await h.app.inject({
        method: 'POST',
        url: `/api/billing/subscriptions/${subscription.subscriptionId}/plan`,
        headers: subscription.buyer.headers,
        payload: { plan },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await viewsSettled(h);

    const announced = await announcedAt('2026-04-28T10:00:00.000Z');
    expect(announced).toEqual(expect.arrayContaining([upgraded.subscriptionId, downgraded.subscriptionId]));
    await eventually(() => published(downgraded.subscriptionId).length > 0);
    expect(published(upgraded.subscriptionId)).toMatchObject([{ plan: 'enterprise', amountCents: 9_900 }]);
    expect(published(downgraded.subscriptionId)).toMatchObject([{ plan: 'basic', amountCents: 900 }]);
  });

  it('is not announced for a subscription set to cancel, suspended or cancelled by then', async () => {
    clock.set('2026-06-01T10:00:00.000Z');
    const setToCancel = await bought(await newBuyer());
    const suspended = await bought(await newBuyer());
    const cancelled = await bought(await newBuyer());
    const at = '2026-06-15T10:00:00.000Z';
    const { subscriptionId, tenantId, productId } = setToCancel;
    await tenancyMessage(h.pool, 'tenancy.subscription.cancellation-scheduled.v1', {
      subscriptionId,
      tenantId,
      productId,
      scheduledAt: at,
    });
    await statusChanged(h.pool, { ...suspended, from: 'active', to: 'suspended', at });
    await statusChanged(h.pool, { ...cancelled, from: 'active', to: 'cancelled', at });

    const announced = await announcedAt('2026-06-28T10:00:00.000Z');
    for (const subscription of [setToCancel, suspended, cancelled]) {
      expect(announced).not.toContain(subscription.subscriptionId);
    }
  });
});

describe('a trial-ending notice', () => {
  it('is announced 3 days before the trial’s first bill, saying no card is on file when none is', async () => {
    const productId = (await addProduct(h.pool, prices)).productId;
    const tenantId = await tenantOwnedBy(h.pool, uuidv7(), '2026-08-01T00:00:00.000Z');
    const subscriptionId = uuidv7();
    await tenancyMessage(h.pool, 'tenancy.subscription.started.v1', {
      subscriptionId,
      tenantId,
      productId,
      plan: 'professional',
      status: 'trial',
      amountCents: 2_900,
      startedAt: '2026-08-01T12:00:00.000Z',
    });

    expect(await announcedAt('2026-08-12T11:59:59.000Z')).not.toContain(subscriptionId);
    expect(await announcedAt('2026-08-12T12:00:00.000Z')).toContain(subscriptionId);
    await eventually(() => published(subscriptionId).length > 0);
    expect(published(subscriptionId)).toMatchObject([
      { kind: 'trial-end', renewsAt: '2026-08-15T12:00:00.000Z', amountCents: 2_900, cardOnFile: false },
    ]);
  });
});
