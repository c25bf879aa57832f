import { describe, expect, it } from 'vitest';
import { billingSubjects, subscriptionTermListSchema } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
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
  testClock,
} from '../support/renewals.js';
import { billingEvents, invoicesOf, newBuyer, type Buyer } from '../support/requests.js';

/**
 * Cancelling at the end of the paid period (issue 19), on the injected clock: no renewal is charged, the term is
 * ended at the anniversary and published for tenancy; a Resume before then renews as before. Tenancy is played by
 * its messages (its reactions are tested in tenancy).
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
const visa = '4242 4242 4242 4242';

async function termsOf(headers: Record<string, string>, ids: string[], admin = false) {
  const response = await h.app.inject({
    method: 'GET',
    url: `/api/${admin ? 'admin/' : ''}billing/subscriptions?ids=${ids.join(',')}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return subscriptionTermListSchema.parse(response.json());
}

async function bought(buyer: Buyer, productId: string) {
  return checkoutAndStart(h, clock.now, {
    buyer,
    product: { productId, basePriceCents: 34_900 },
    card: visa,
  });
}

function cancellation(
  kind: 'scheduled' | 'withdrawn',
  subscription: { subscriptionId: string; tenantId: string; productId: string },
) {
  const at = clock.now().toISOString();
  const { subscriptionId, tenantId, productId } = subscription;
  return kind === 'scheduled'
    ? tenancyMessage(h.pool, 'tenancy.subscription.cancellation-scheduled.v1', {
        subscriptionId,
        tenantId,
        productId,
        scheduledAt: at,
      })
    : tenancyMessage(h.pool, 'tenancy.subscription.cancellation-withdrawn.v1', {
        subscriptionId,
        tenantId,
        productId,
        withdrawnAt: at,
      });
}

describe('a subscription cancelled at period end', () => {
  it('is not renewed: its term ends at the anniversary, once, and tenancy is told', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 34_900 });
    const avery = await newBuyer();
    clock.set('2026-01-31T09:00:00.000Z');
    const subscription = await bought(avery, product.productId);

    clock.set('2026-02-10T12:00:00.000Z');
    await cancellation('scheduled', subscription);
    expect(await termsOf(avery.headers, [subscription.subscriptionId])).toEqual([
      {
        subscriptionId: subscription.subscriptionId,
        status: 'active',
        currentPeriodEnd: '2026-02-28T09:00:00.000Z',
        renewsAt: null,
        cancelAtPeriodEnd: true,
        endsAt: '2026-02-28T09:00:00.000Z',
        scheduledPlanChange: null,
      },
    ]);
    // Only the owner sees it; an admin sees any.
    expect(await termsOf((await newBuyer()).headers, [subscription.subscriptionId])).toEqual([]);
    expect(await termsOf(await identityHeaders('admin'), [subscription.subscriptionId], true)).toHaveLength(
      1,
    );

    const { runner, errors } = renewalRunner(h, clock.now);
    clock.set('2026-02-28T08:59:00.000Z');
    expect((await runner.tick()).ended).toEqual([]);
    clock.set('2026-02-28T09:00:00.000Z');
    const atTheEnd = await runner.tick();
    expect(atTheEnd).toMatchObject({ issued: [], paid: [], ended: [subscription.subscriptionId] });
    expect((await runner.tick()).ended).toEqual([]);
    await viewsSettled(h);
    expect(errors).toEqual([]);
    expect((await invoicesOf(h, avery)).map((invoice) => invoice.status)).toEqual(['paid']);
    const ended = (await billingEvents(h)).filter((event) => event.type === 'TermEnded');
    expect(ended).toMatchObject([
      { data: { subscriptionId: subscription.subscriptionId, endedAt: '2026-02-28T09:00:00.000Z' } },
    ]);
    await eventually(() =>
      h.nats.messages.some(
        (message) =>
          message.subject === billingSubjects.termEnded && message.text.includes(subscription.subscriptionId),
      ),
    );

    // Tenancy cancels it: from then on there is nothing to do, on this anniversary or the next.
    await statusChanged(h.pool, {
      ...subscription,
      from: 'active',
      to: 'cancelled',
      at: clock.now().toISOString(),
    });
    clock.set('2026-03-31T10:00:00.000Z');
    expect(await runner.tick()).toMatchObject({ issued: [], ended: [] });
    expect(await termsOf(avery.headers, [subscription.subscriptionId])).toMatchObject([
      { status: 'cancelled', cancelAtPeriodEnd: false, endsAt: null },
    ]);
  });

  it('resumed before the anniversary, renews as before', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 34_900 });
    const blake = await newBuyer();
    clock.set('2026-04-01T09:00:00.000Z');
    const subscription = await bought(blake, product.productId);
    clock.set('2026-04-10T09:00:00.000Z');
    await cancellation('scheduled', subscription);
    clock.set('2026-04-20T09:00:00.000Z');
    await cancellation('withdrawn', subscription);
    expect(await termsOf(blake.headers, [subscription.subscriptionId])).toMatchObject([
      { cancelAtPeriodEnd: false, endsAt: null, renewsAt: '2026-05-01T09:00:00.000Z' },
    ]);

    const { runner } = renewalRunner(h, clock.now);
    clock.set('2026-05-01T09:01:00.000Z');
    const renewed = await runner.tick();
    expect(renewed.ended).toEqual([]);
    expect(renewed.paid).toHaveLength(1);
  });

  it('refuses a malformed or oversized id list with 400', async () => {
    const buyer = await newBuyer();
    for (const ids of ['', 'not-an-id', Array.from({ length: 201 }, () => crypto.randomUUID()).join(',')]) {
      const response = await h.app.inject({
        method: 'GET',
        url: `/api/billing/subscriptions?ids=${ids}`,
        headers: buyer.headers,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
