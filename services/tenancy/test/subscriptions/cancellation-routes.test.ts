import { identityHeaders } from '@app/service-kit/testing';
import { expectRefusedUnchanged } from '@app/test-support/service-harness';
import { startedForFile } from '@app/test-support/started-for-file';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import {
  alreadyCancelled,
  cannotScheduleCancellation,
  endedAtPeriodEnd,
  endedCannotResume,
  subscriptionNotFound,
} from '../../src/domain/subscription/decide.js';
import { startSubscriptionHarness } from './support.js';

const h = startedForFile(startSubscriptionHarness);

const customer = (userId: string) => identityHeaders('tenant', undefined, { userId });
const admin = () => identityHeaders('admin');
const options = () => ({ metadata: { actorId: 'billing-renewals' } });

/** A customer's own tenant with one subscription of the given status. */
async function ownSubscription(status: 'active' | 'trial' | 'suspended' = 'active') {
  const ownerId = uuidv7();
  const tenantId = await h.createTenant(undefined, ownerId);
  const productId = await h.addProduct();
  const started = await h.commands.start(tenantId, { productId, plan: 'professional', status }, options());
  if (started.position) await h.projections.waitFor(started.position, 5_000);
  return { ownerId, tenantId, subscriptionId: started.subscriptionId };
}

async function post(url: string, headers: Record<string, string>, payload?: Record<string, unknown>) {
  return h.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
}

async function storedTypes(subscriptionId: string): Promise<string[]> {
  const { rows } = await h.pool.query<{ type: string }>(
    'SELECT type FROM eventstore.events WHERE stream_name = $1 ORDER BY stream_revision',
    [`tenancy_subscription-${subscriptionId}`],
  );
  return rows.map((row) => row.type);
}

describe("a customer's cancellation at period end", () => {
  it('sets their own subscription to cancel, keeps it active, and a repeat adds nothing', async () => {
    const { ownerId, subscriptionId } = await ownSubscription();
    const cancelled = await post(`/api/subscriptions/${subscriptionId}/cancel`, await customer(ownerId));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: subscriptionId, status: 'active', cancelAtPeriodEnd: true });
    const again = await post(`/api/subscriptions/${subscriptionId}/cancel`, await customer(ownerId));
    expect(again.json()).toMatchObject({ cancelAtPeriodEnd: true });
    expect(await storedTypes(subscriptionId)).toEqual([
      'SubscriptionStarted',
      'SubscriptionCancellationScheduled',
    ]);
    const list = await h.app.inject({
      method: 'GET',
      url: '/api/subscriptions',
      headers: await customer(ownerId),
    });
    expect(list.json()).toMatchObject([{ id: subscriptionId, cancelAtPeriodEnd: true }]);
  });

  it('resumes it before the period ends', async () => {
    const { ownerId, subscriptionId } = await ownSubscription('trial');
    await post(`/api/subscriptions/${subscriptionId}/cancel`, await customer(ownerId));
    const resumed = await post(`/api/subscriptions/${subscriptionId}/resume`, await customer(ownerId));
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'trial', cancelAtPeriodEnd: false });
  });

  it("answers 404 for another customer's subscription, and for none, changing nothing", async () => {
    const { subscriptionId } = await ownSubscription();
    const stranger = await customer(uuidv7());
    for (const url of [
      `/api/subscriptions/${subscriptionId}/cancel`,
      `/api/subscriptions/${subscriptionId}/resume`,
      `/api/subscriptions/${uuidv7()}/cancel`,
    ]) {
      const eventsBefore = await h.countEvents();
      await expectRefusedUnchanged(await post(url, stranger), {
        status: 404,
        detail: subscriptionNotFound,
        pool: h.pool,
        eventsBefore,
      });
    }
  });

  it('refuses a suspended subscription with 409, and a malformed id with 400', async () => {
    const { ownerId, subscriptionId } = await ownSubscription('suspended');
    const eventsBefore = await h.countEvents();
    await expectRefusedUnchanged(
      await post(`/api/subscriptions/${subscriptionId}/cancel`, await customer(ownerId)),
      {
        status: 409,
        detail: cannotScheduleCancellation('suspended'),
        pool: h.pool,
        eventsBefore,
      },
    );
    expect((await post('/api/subscriptions/not-an-id/cancel', await customer(ownerId))).statusCode).toBe(400);
  });

  it("ends at billing's end of term, unless resumed first", async () => {
    const ended = await ownSubscription();
    await post(`/api/subscriptions/${ended.subscriptionId}/cancel`, await customer(ended.ownerId));
    const result = await h.commands.endTerm(ended.subscriptionId, options());
    expect(result.state.status).toBe('cancelled');
    const { rows } = await h.pool.query<{ data: { reason: string } }>(
      `SELECT data FROM eventstore.events WHERE stream_name = $1 AND type = 'SubscriptionStatusChanged'`,
      [`tenancy_subscription-${ended.subscriptionId}`],
    );
    expect(rows.map((row) => row.data.reason)).toEqual([endedAtPeriodEnd]);
    const eventsBefore = await h.countEvents();
    await expectRefusedUnchanged(
      await post(`/api/subscriptions/${ended.subscriptionId}/resume`, await customer(ended.ownerId)),
      { status: 409, detail: endedCannotResume, pool: h.pool, eventsBefore },
    );

    const resumed = await ownSubscription();
    await post(`/api/subscriptions/${resumed.subscriptionId}/cancel`, await customer(resumed.ownerId));
    await post(`/api/subscriptions/${resumed.subscriptionId}/resume`, await customer(resumed.ownerId));
    expect((await h.commands.endTerm(resumed.subscriptionId, options())).state.status).toBe('active');
  });
});

describe("an admin's cancellation", () => {
  it('cancels any subscription at once with the reason kept on the event, and frees its product for the tenant', async () => {
    const { tenantId, subscriptionId } = await ownSubscription('suspended');
    const cancelled = await post(`/api/admin/subscriptions/${subscriptionId}/cancel`, await admin(), {
      when: 'now',
      reason: 'Asked by phone',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: false });
    const { rows } = await h.pool.query<{ data: { reason: string } }>(
      `SELECT data FROM eventstore.events WHERE stream_name = $1 AND type = 'SubscriptionStatusChanged'`,
      [`tenancy_subscription-${subscriptionId}`],
    );
    expect(rows.map((row) => row.data.reason)).toEqual(['Asked by phone']);
    const productId = (cancelled.json() as { productId: string }).productId;
    const again = await post(`/api/admin/tenants/${tenantId}/subscriptions`, await admin(), { productId });
    expect(again.statusCode).toBe(201);
    const eventsBefore = await h.countEvents();
    await expectRefusedUnchanged(
      await post(`/api/admin/subscriptions/${subscriptionId}/cancel`, await admin(), { when: 'period-end' }),
      { status: 409, detail: alreadyCancelled, pool: h.pool, eventsBefore },
    );
  });

  it('needs a reason to cancel now, and can schedule and resume as the customer would', async () => {
    const { subscriptionId } = await ownSubscription();
    const url = `/api/admin/subscriptions/${subscriptionId}/cancel`;
    for (const payload of [{ when: 'now' }, { when: 'now', reason: '  ' }, { when: 'later' }, {}]) {
      const eventsBefore = await h.countEvents();
      await expectRefusedUnchanged(await post(url, await admin(), payload), {
        status: 400,
        pool: h.pool,
        eventsBefore,
      });
    }
    expect((await post(url, await admin(), { when: 'period-end' })).json()).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    const resumed = await post(`/api/admin/subscriptions/${subscriptionId}/resume`, await admin());
    expect(resumed.json()).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('is refused to a customer, even for their own subscription', async () => {
    const { ownerId, subscriptionId } = await ownSubscription();
    const response = await post(
      `/api/admin/subscriptions/${subscriptionId}/cancel`,
      await customer(ownerId),
      {
        when: 'now',
        reason: 'mine',
      },
    );
    expect(response.statusCode).toBe(403);
  });
});
