import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Subscription, SubscriptionSummary, TenantSummary } from '@app/contracts';
import { rebuildProjection } from '@app/eventing';
import { categoriesOf } from '@app/service-kit/runtime';
import { startedForFile } from '@app/test-support/started-for-file';
import { viewsSettled } from '@app/test-support/service-harness';
import { tenancySchema } from '../../src/config.js';
import { subscriptionsProjection } from '../../src/projections/subscriptions.js';
import { tenantsProjection } from '../../src/projections/tenants.js';
import { service } from '../../src/service.js';
import { countedProductFigures, countedTenantFigures } from '../support/figures.js';
import {
  addProduct,
  asAdmin,
  asTenant,
  createTenant,
  patchTenant,
  payInvoice,
  setStatus,
  subscribe,
} from '../support/requests.js';
import { startTenancy } from '../support/tenancy-harness.js';

const tenancy = startedForFile(startTenancy);

async function get<T>(url: string): Promise<T> {
  const response = await tenancy.app.inject({ method: 'GET', url, headers: await asAdmin() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const projectionsCaughtUp = () => viewsSettled(tenancy, categoriesOf(service));

async function rebuild(projection: typeof tenantsProjection) {
  await rebuildProjection({
    eventStore: tenancy.eventStore,
    pool: tenancy.pool,
    schema: tenancySchema,
    categories: categoriesOf(service),
    projection,
  });
}

describe('the summaries', () => {
  it('answer what the rows count, after creates, status changes, subscriptions and paid invoices', async () => {
    const ownerId = randomUUID();
    const first = (await createTenant(tenancy, { ownerId })).tenant;
    const second = (await createTenant(tenancy, { ownerId })).tenant;
    const other = (await createTenant(tenancy)).tenant;
    const [ledger, payroll] = [await addProduct(tenancy), await addProduct(tenancy)];
    const subscribed = [
      await subscribe(tenancy, first.id, ledger),
      await subscribe(tenancy, first.id, payroll, 'trial'),
      await subscribe(tenancy, second.id, ledger, 'suspended'),
      await subscribe(tenancy, other.id, ledger),
    ];
    await patchTenant(tenancy, second.id, { status: 'suspended' });
    await setStatus(tenancy, subscribed[3] as Subscription, 'cancelled');
    await setStatus(tenancy, subscribed[2] as Subscription, 'active');
    await payInvoice(tenancy, subscribed[0] as Subscription, 12_345);
    await payInvoice(tenancy, subscribed[2] as Subscription, 1_000);
    await projectionsCaughtUp();

    const everyone = await get<TenantSummary>('/api/admin/tenants/summary');
    expect(everyone).toEqual(await countedTenantFigures(tenancy.pool));
    expect(everyone).toMatchObject({
      totalTenants: 3,
      activeTenants: 2,
      suspendedTenants: 1,
      totalRevenue: 133.45,
    });
    const owners = await get<TenantSummary>(`/api/admin/tenants/summary?ownerId=${ownerId}`);
    expect(owners).toEqual({
      totalTenants: 2,
      activeTenants: 1,
      suspendedTenants: 1,
      totalRevenue: 133.45,
      totalSubscriptions: 3,
      activeSubscriptions: 2,
    });
    expect(owners).toEqual(await countedTenantFigures(tenancy.pool, ownerId));
    expect(await get(`/api/admin/products/${ledger}/subscriptions/summary`)).toEqual({
      totalSubscriptions: 3,
      liveSubscriptions: 2,
      byStatus: { active: 2, trial: 0, suspended: 0, cancelled: 1 },
    });
    expect(await get(`/api/admin/products/${ledger}/subscriptions/summary`)).toEqual(
      await countedProductFigures(tenancy.pool, ledger),
    );
    expect(await get(`/api/admin/products/${randomUUID()}/subscriptions/summary`)).toMatchObject({
      totalSubscriptions: 0,
    });
  });

  it('come out equal to a fresh count after a rebuild, whatever they held before', async () => {
    const productId = await addProduct(tenancy);
    const tenant = (await createTenant(tenancy)).tenant;
    await patchTenant(tenancy, (await createTenant(tenancy)).tenant.id, { status: 'suspended' });
    const subscription = await subscribe(tenancy, tenant.id, productId, 'trial');
    await payInvoice(tenancy, subscription, 700);
    await projectionsCaughtUp();
    const before = {
      tenants: await get<TenantSummary>('/api/admin/tenants/summary'),
      product: await get<SubscriptionSummary>(`/api/admin/products/${productId}/subscriptions/summary`),
    };
    // Figures gone wrong (by hand, say): a rebuild is how they are put right.
    await tenancy.pool.query('UPDATE tenant_totals SET tenants = 999, subscriptions = 0');
    await tenancy.pool.query('UPDATE product_subscription_counts SET active = 5 WHERE product_id = $1', [
      productId,
    ]);

    await rebuild(subscriptionsProjection);
    await rebuild(tenantsProjection);

    const after = {
      tenants: await get<TenantSummary>('/api/admin/tenants/summary'),
      product: await get<SubscriptionSummary>(`/api/admin/products/${productId}/subscriptions/summary`),
    };
    expect(after).toEqual(before);
    expect(after.tenants).toEqual(await countedTenantFigures(tenancy.pool));
    expect(after.product).toEqual(await countedProductFigures(tenancy.pool, productId));
  });

  it("count subscriptions and paid invoices that reached the read model before their tenant's row", async () => {
    const { tenant } = await createTenant(tenancy);
    const productId = await addProduct(tenancy);
    const subscription = await subscribe(tenancy, tenant.id, productId);
    await payInvoice(tenancy, subscription, 4_200);
    await projectionsCaughtUp();
    // What an empty read model replaying from the event store can meet: the subscription projection and the
    // paid invoices ran ahead of the tenants projection, so the row is created after they counted.
    await tenancy.pool.query('DELETE FROM tenants WHERE id = $1', [tenant.id]);
    await rebuild(tenantsProjection);

    expect(
      await get<{ subscriptionCount: number; totalSpent: number }>(`/api/admin/tenants/${tenant.id}`),
    ).toMatchObject({
      subscriptionCount: 1,
      activeSubscriptions: 1,
      totalSpent: 42,
    });
    expect(await get<TenantSummary>('/api/admin/tenants/summary')).toEqual(
      await countedTenantFigures(tenancy.pool),
    );
  });

  it('are admin-only, and /summary is not taken for a tenant id', async () => {
    for (const url of [
      '/api/admin/tenants/summary',
      `/api/admin/products/${randomUUID()}/subscriptions/summary`,
    ]) {
      const response = await tenancy.app.inject({ method: 'GET', url, headers: await asTenant() });
      expect(response.statusCode, url).toBe(403);
    }
    const summary = await tenancy.app.inject({
      method: 'GET',
      url: '/api/admin/tenants/summary',
      headers: await asAdmin(),
    });
    expect(Object.keys(summary.json()).sort()).toEqual([
      'activeSubscriptions',
      'activeTenants',
      'suspendedTenants',
      'totalRevenue',
      'totalSubscriptions',
      'totalTenants',
    ]);
    const badOwner = await tenancy.app.inject({
      method: 'GET',
      url: '/api/admin/tenants/summary?ownerId=nobody',
      headers: await asAdmin(),
    });
    expect(badOwner.statusCode).toBe(400);
  });
});
