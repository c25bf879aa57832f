import { describe, expect, it } from 'vitest';
import { tenancyStream } from '@app/contracts';
import { eventually } from '@app/test-support/eventually';
import { startedForFile } from '@app/test-support/started-for-file';
import { billingConsumerNames } from '../../src/integration/consumers/start-billing-consumers.js';
import { startBillingConsumersOf } from '../support/nats.js';
import { uuidv7 } from '../support/requests.js';

const h = startedForFile(() => startBillingConsumersOf(tenancyStream));

/** Publishes as tenancy's relay does, answering the message id. */
const publish = async (type: string, data: Record<string, unknown>) => (await h.nats.publish(type, data)).id;

/**
 * Until billing's copy of tenancy has applied the message (its id recorded with the change, in one transaction).
 * Other consumers of the stream (revenue's) record the same id under their own names.
 */
const applied = (messageId: string) =>
  eventually(
    async () => {
      const { rowCount } = await h.pool.query(
        'SELECT 1 FROM processed_messages WHERE consumer = $1 AND message_id = $2',
        [billingConsumerNames.tenancy, messageId],
      );
      return rowCount === 1;
    },
    Boolean,
    10_000,
  );

const subscriptionRow = async (subscriptionId: string) =>
  (
    await h.pool.query<Record<string, unknown>>(
      `SELECT status, amount_cents::int AS amount_cents, cycle_start, cycle_trial
       FROM subscriptions WHERE subscription_id = $1`,
      [subscriptionId],
    )
  ).rows[0];

const changed =
  (subscriptionId: string, tenantId: string, productId: string) =>
  (previousStatus: string, status: string, changedAt: string) =>
    publish('tenancy.subscription.status-changed.v1', {
      subscriptionId,
      tenantId,
      productId,
      previousStatus,
      status,
      changedAt,
    });

describe("billing's copy of tenancy", () => {
  it('keeps tenants’ owners and subscriptions’ status and cycle, and ignores a change older than one applied', async () => {
    const [tenantId, ownerId, productId, subscriptionId] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    const change = changed(subscriptionId, tenantId, productId);
    await publish('tenancy.tenant.created.v1', {
      tenantId,
      name: 'Casey Studio',
      slug: `casey-${tenantId}`,
      ownerId,
      status: 'active',
      domainUrl: null,
      createdAt: '2026-03-01T00:00:00.000Z',
    });
    await publish('tenancy.subscription.started.v1', {
      subscriptionId,
      tenantId,
      productId,
      plan: 'basic',
      status: 'trial',
      amountCents: 4_900,
      startedAt: '2026-03-01T00:00:00.000Z',
    });
    await change('trial', 'active', '2026-03-05T00:00:00.000Z');
    await eventually(
      async () => (await subscriptionRow(subscriptionId))?.status === 'active',
      Boolean,
      10_000,
    );
    expect(await subscriptionRow(subscriptionId)).toEqual({
      status: 'active',
      amount_cents: 4_900,
      cycle_start: new Date('2026-03-01T00:00:00.000Z'),
      cycle_trial: true,
    });
    const { rows: owners } = await h.pool.query('SELECT owner_id FROM tenants WHERE tenant_id = $1', [
      tenantId,
    ]);
    expect(owners).toEqual([{ owner_id: ownerId }]);

    // An older change delivered late changes nothing; a cancelled subscription made active starts a new cycle.
    await applied(await change('active', 'cancelled', '2026-03-10T00:00:00.000Z'));
    await applied(await change('trial', 'suspended', '2026-03-04T00:00:00.000Z'));
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'cancelled', cycle_trial: true });
    await applied(await change('cancelled', 'active', '2026-03-20T00:00:00.000Z'));
    expect(await subscriptionRow(subscriptionId)).toEqual({
      status: 'active',
      amount_cents: 4_900,
      cycle_start: new Date('2026-03-20T00:00:00.000Z'),
      cycle_trial: false,
    });
  });
});

describe("billing's copy of a plan change", () => {
  it('takes the plan and price tenancy recorded, and ignores a change older than one applied', async () => {
    const [tenantId, productId, subscriptionId] = [uuidv7(), uuidv7(), uuidv7()];
    await publish('tenancy.subscription.started.v1', {
      subscriptionId,
      tenantId,
      productId,
      plan: 'professional',
      status: 'active',
      amountCents: 14_900,
      startedAt: '2026-03-01T00:00:00.000Z',
    });
    const planChanged = (previousPlan: string, plan: string, amountCents: number, changedAt: string) =>
      publish('tenancy.subscription.plan-changed.v1', {
        subscriptionId,
        tenantId,
        productId,
        previousPlan,
        plan,
        previousAmountCents: 14_900,
        amountCents,
        changedAt,
      });
    const planOf = async () =>
      (
        await h.pool.query(
          `SELECT plan, amount_cents::int AS amount_cents, plan_changed_at FROM subscriptions
           WHERE subscription_id = $1`,
          [subscriptionId],
        )
      ).rows[0];

    await applied(await planChanged('professional', 'enterprise', 29_900, '2026-03-10T00:00:00.000Z'));
    const upgraded = {
      plan: 'enterprise',
      amount_cents: 29_900,
      plan_changed_at: new Date('2026-03-10T00:00:00.000Z'),
    };
    expect(await planOf()).toEqual(upgraded);
    await applied(await planChanged('professional', 'basic', 4_900, '2026-03-05T00:00:00.000Z'));
    expect(await planOf()).toEqual(upgraded);
    await applied(await planChanged('enterprise', 'basic', 4_900, '2026-04-01T00:00:00.000Z'));
    expect(await planOf()).toEqual({
      plan: 'basic',
      amount_cents: 4_900,
      plan_changed_at: new Date('2026-04-01T00:00:00.000Z'),
    });
  });
});
