import { describe, expect, it } from 'vitest';
import { tenancySubscriptionPlanChangedV1 } from '@app/contracts';
import { eventually } from '@app/test-support/eventually';
import { toIntegrationEvent } from '../../src/integration/published-events.js';
import { useTenancyConsumers } from './consumers-fixture.js';

const h = useTenancyConsumers();

describe("billing's plan changes", () => {
  const options = { metadata: { actorId: 'test' } };
  const start = async (tenantId: string, productId: string) =>
    (await h.commands.start(tenantId, { productId, plan: 'professional', status: 'active' }, options))
      .subscriptionId;
  const row = async (subscriptionId: string) =>
    (
      await h.pool.query<{ plan: string; amount_cents: string }>(
        'SELECT plan, amount_cents FROM subscriptions WHERE id = $1',
        [subscriptionId],
      )
    ).rows[0];
  const planChanged = (
    subscription: { subscriptionId: string; tenantId: string; productId: string },
    plan: string,
    amountCents: number,
    changedAt: string,
  ) => ({
    ...subscription,
    kind: 'upgrade',
    fromPlan: 'professional',
    plan,
    previousAmountCents: 14_900,
    amountCents,
    prorationCents: 0,
    invoiceId: null,
    changedAt,
  });
  const planEvents = async (subscriptionId: string) =>
    (await h.eventStore.readStream(`tenancy_subscription-${subscriptionId}`)).events.filter(
      (event) => event.type === 'SubscriptionPlanChanged',
    );

  it('records the plan and price billing changed once, ignores an older change, and publishes it', async () => {
    const tenantId = await h.createTenant();
    const productId = await h.addProduct({ basePriceCents: 14_900 });
    const subscriptionId = await start(tenantId, productId);
    const ids = { subscriptionId, tenantId, productId };
    const upgrade = planChanged(ids, 'enterprise', 29_900, '2026-12-02T00:00:00.000Z');
    await h.nats.publish('billing.subscription.plan-changed.v1', upgrade);
    // Delivered again, and an older change delivered late: neither adds anything.
    await h.nats.publish('billing.subscription.plan-changed.v1', upgrade);
    await h.nats.publish(
      'billing.subscription.plan-changed.v1',
      planChanged(ids, 'basic', 4_900, '2026-12-01T00:00:00.000Z'),
    );
    // A later message on the same consumer is handled only after those: once it is, they were.
    const marker = { ...ids, subscriptionId: await start(tenantId, await h.addProduct()) };
    await h.nats.publish(
      'billing.subscription.plan-changed.v1',
      planChanged(marker, 'basic', 4_900, '2026-12-03T00:00:00.000Z'),
    );
    await eventually(
      () => row(marker.subscriptionId),
      (found) => found?.plan === 'basic',
    );

    expect(await row(subscriptionId)).toEqual({ plan: 'enterprise', amount_cents: '29900' });
    const recorded = await planEvents(subscriptionId);
    expect(recorded).toHaveLength(1);
    const published = recorded.map((event) => toIntegrationEvent(event));
    expect(published.map((envelope) => tenancySubscriptionPlanChangedV1.parse(envelope).data)).toEqual([
      {
        subscriptionId,
        tenantId,
        productId,
        previousPlan: 'professional',
        plan: 'enterprise',
        previousAmountCents: 14_900,
        amountCents: 29_900,
        changedAt: '2026-12-02T00:00:00.000Z',
      },
    ]);
  });

  it('leaves a cancelled subscription on the plan it ended with', async () => {
    const tenantId = await h.createTenant();
    const productId = await h.addProduct({ basePriceCents: 14_900 });
    const subscriptionId = await start(tenantId, productId);
    await h.commands.cancelNow(subscriptionId, 'Asked by phone', options);
    const ids = { subscriptionId, tenantId, productId };
    await h.nats.publish(
      'billing.subscription.plan-changed.v1',
      planChanged(ids, 'basic', 4_900, new Date().toISOString()),
    );
    const marker = { ...ids, subscriptionId: await start(tenantId, await h.addProduct()) };
    await h.nats.publish(
      'billing.subscription.plan-changed.v1',
      planChanged(marker, 'basic', 4_900, new Date().toISOString()),
    );
    await eventually(
      () => row(marker.subscriptionId),
      (found) => found?.plan === 'basic',
    );
    expect(await planEvents(subscriptionId)).toEqual([]);
    expect(await row(subscriptionId)).toEqual({ plan: 'professional', amount_cents: '14900' });
  });
});
