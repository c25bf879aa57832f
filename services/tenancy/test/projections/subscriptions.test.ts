import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rebuildProjection } from '@app/eventing';
import { categoriesOf } from '@app/service-kit/runtime';
import { identityHeaders } from '@app/service-kit/testing';
import { startedForFile } from '@app/test-support/started-for-file';
import { viewsSettled } from '@app/test-support/service-harness';
import { tenancySchema } from '../../src/config.js';
import { subscriptionsProjection } from '../../src/projections/subscriptions.js';
import { tenantsProjection } from '../../src/projections/tenants.js';
import { service } from '../../src/service.js';
import { startSubscriptionHarness } from '../subscriptions/support.js';

const h = startedForFile(startSubscriptionHarness);

/** Everything the subscription projection writes: its rows, the tenants' counters and the per-product counts. */
const projected = async () => ({
  subscriptions: (await h.pool.query('SELECT * FROM subscriptions ORDER BY id')).rows,
  counters: (
    await h.pool.query('SELECT id, subscription_count, active_subscriptions FROM tenants ORDER BY id')
  ).rows,
  products: (await h.pool.query('SELECT * FROM product_subscription_counts ORDER BY product_id')).rows,
});

async function send(method: 'POST' | 'PATCH', url: string, payload: object) {
  const response = await h.app.inject({ method, url, headers: await identityHeaders('admin'), payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ id: string }>();
}

describe('subscriptions projection', () => {
  it('rebuilds the rows and counts the live projection built, in one batch or in a batch per event', async () => {
    const [first, second] = [await h.createTenant(), await h.createTenant()];
    const [ledger, payroll] = [await h.addProduct(), await h.addProduct()];
    const started = await send('POST', `/api/admin/tenants/${first}/subscriptions`, { productId: ledger });
    await send('POST', `/api/admin/tenants/${first}/subscriptions`, { productId: payroll, status: 'trial' });
    const other = await send('POST', `/api/admin/tenants/${second}/subscriptions`, { productId: ledger });
    await send('PATCH', `/api/admin/subscriptions/${started.id}`, { status: 'cancelled' });
    await send('PATCH', `/api/admin/subscriptions/${other.id}`, { domainUrl: 'https://other.example' });
    await send('PATCH', `/api/admin/subscriptions/${started.id}`, { status: 'active' });
    await viewsSettled(h, categoriesOf(service));
    const live = await projected();
    expect(live.subscriptions).toHaveLength(3);

    for (const batchSize of [1_000, 1]) {
      await rebuildProjection({
        eventStore: h.eventStore,
        pool: h.pool,
        schema: tenancySchema,
        categories: categoriesOf(service),
        projection: subscriptionsProjection,
        batchSize,
      });
      expect(await projected(), `batches of ${batchSize}`).toEqual(live);
    }
  });

  it("copies the tenant's owner onto its subscriptions whichever row lands first", async () => {
    const owner = randomUUID();
    const tenantId = await h.createTenant(undefined, owner);
    const productId = await h.addProduct();
    const { id } = await send('POST', `/api/admin/tenants/${tenantId}/subscriptions`, { productId });
    const ownerOf = async () =>
      (
        await h.pool.query<{ owner_id: string | null }>('SELECT owner_id FROM subscriptions WHERE id = $1', [
          id,
        ])
      ).rows[0]?.owner_id;
    const rebuild = (projection: typeof subscriptionsProjection) =>
      rebuildProjection({
        eventStore: h.eventStore,
        pool: h.pool,
        schema: tenancySchema,
        categories: categoriesOf(service),
        projection,
      });
    await viewsSettled(h, categoriesOf(service));
    expect(await ownerOf()).toBe(owner);

    await h.projections.stop();
    // The subscription lands before its tenant: no owner to copy yet, until the tenant's row is made.
    await h.pool.query('DELETE FROM tenants WHERE id = $1', [tenantId]);
    await rebuild(subscriptionsProjection);
    expect(await ownerOf()).toBeNull();
    await rebuild(tenantsProjection);
    expect(await ownerOf()).toBe(owner);
  });
});
