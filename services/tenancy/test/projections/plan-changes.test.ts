import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Subscription, SubscriptionSummary } from '@app/contracts';
import { rebuildProjection, type Position } from '@app/eventing';
import { categoriesOf } from '@app/service-kit/runtime';
import { identityHeaders } from '@app/service-kit/testing';
import { startedForFile } from '@app/test-support/started-for-file';
import { untilHeadReaches } from '@app/test-support/store-head';
import { tenancySchema } from '../../src/config.js';
import { subscriptionsProjection } from '../../src/projections/subscriptions.js';
import { tenantSummary } from '../../src/projections/tenant-summary.js';
import { service } from '../../src/service.js';
import { startSubscriptionHarness } from '../subscriptions/support.js';

const h = startedForFile(startSubscriptionHarness);

const options = { metadata: { actorId: 'test' } };

async function get<T>(url: string, headers?: Record<string, string>): Promise<T> {
  const response = await h.app.inject({
    method: 'GET',
    url,
    headers: headers ?? (await identityHeaders('admin')),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** Not the store's head: a transaction open anywhere on the server (another test file's) holds it back. */
async function caughtUp(position: Position | null): Promise<void> {
  if (position === null) throw new Error('no events written');
  expect(await h.projections.waitFor(position, 5_000)).toBe(true);
}

describe('a plan change in the read models', () => {
  it('shows the new plan and price wherever a subscription is listed, and survives a rebuild', async () => {
    const owner = randomUUID();
    const tenantId = await h.createTenant(undefined, owner);
    const productId = await h.addProduct({ basePriceCents: 14_900 });
    const { subscriptionId, position } = await h.commands.start(
      tenantId,
      { productId, plan: 'professional', status: 'active' },
      options,
    );
    const summaries = async () => ({
      product: await get<SubscriptionSummary>(`/api/admin/products/${productId}/subscriptions/summary`),
      owner: await tenantSummary(h.pool, owner),
    });
    await caughtUp(position);
    const before = await summaries();

    const changedAt = '2026-12-01T09:30:00.000Z';
    const changedPlan = await h.commands.changePlan(
      subscriptionId,
      { plan: 'enterprise', amountCents: 29_900, changedAt },
      options,
    );
    await caughtUp(changedPlan.position);

    const changed = { id: subscriptionId, plan: 'enterprise', amount: 299 };
    const customer = await identityHeaders('tenant', undefined, { userId: owner });
    for (const [url, headers] of [
      [`/api/admin/tenants/${tenantId}/subscriptions?plan=enterprise`, undefined],
      [`/api/admin/products/${productId}/subscriptions?plan=enterprise`, undefined],
      ['/api/subscriptions?plan=enterprise', customer],
    ] as const) {
      expect(await get<Subscription[]>(url, headers), url).toEqual([expect.objectContaining(changed)]);
    }
    expect(
      await get<Subscription[]>(`/api/admin/tenants/${tenantId}/subscriptions?plan=professional`),
    ).toEqual([]);
    // Counts by status and the tenant's figures (revenue is what was paid, billing's invoices) do not move.
    expect(await summaries()).toEqual(before);
    const rows = (await h.pool.query('SELECT * FROM subscriptions WHERE id = $1', [subscriptionId])).rows;
    expect(rows).toEqual([
      expect.objectContaining({ plan: 'enterprise', amount_cents: '29900', updated_at: new Date(changedAt) }),
    ]);

    await untilHeadReaches(h.eventStore, categoriesOf(service), changedPlan.position!);
    for (const batchSize of [1_000, 1]) {
      await rebuildProjection({
        eventStore: h.eventStore,
        pool: h.pool,
        schema: tenancySchema,
        categories: categoriesOf(service),
        projection: subscriptionsProjection,
        batchSize,
      });
      expect(
        (await h.pool.query('SELECT * FROM subscriptions WHERE id = $1', [subscriptionId])).rows,
        `batches of ${batchSize}`,
      ).toEqual(rows);
      expect(await summaries()).toEqual(before);
    }
  });
});
