import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { centsFromDollars, maxPageLimit, planPrice } from '@app/contracts';
import { type SealedSecret, decryptSecret, secretContexts } from '@app/secrets';
import { watchCheckpoints } from '@app/eventing';
import { demoProducts, demoProductIds, demoSubscriptions, demoTenantIds } from '@app/demo-fixtures';
import { handleMessage } from '@app/test-support/handled-message';
import { viewsSettled } from '@app/test-support/service-harness';
import { startedForFile } from '@app/test-support/started-for-file';
import { createSubscriptionCommands } from '../../src/application/subscription-commands.js';
import { aggregateStore, streamOf } from '@app/eventing';
import { subscriptions } from '../../src/application/subscriptions.js';
import { tenants } from '../../src/application/tenants.js';
import { wireTenantCommands } from '../../src/application/wire-tenant-commands.js';
import { tenancySchema } from '../../src/config.js';
import { duplicateLiveSubscription } from '../../src/domain/subscription/decide.js';
import { applyCatalogProductMessage } from '../../src/projections/products-copy.js';
import { listTenantSubscriptions } from '../../src/projections/subscription-lists.js';
import { subscriptionsProjection } from '../../src/projections/subscriptions.js';
import { tenantsProjection } from '../../src/projections/tenants.js';
import { seedDemoSubscriptions } from '../../src/seed/seed-demo-subscriptions.js';
import { seedDemoTenants } from '../../src/seed/seed-demo-tenants.js';
import { countEvents, startTenancy, type TenancyHarness } from '../support/tenancy-harness.js';

/**
 * The seed as `npm start` runs it: beside a running tenancy (the harness runs its projections), watching their
 * checkpoints, after the demo tenants, with the catalogue's demo products copied in as its consumer would.
 */
function seedOn(tenancy: TenancyHarness, overrides: { names?: string[]; timeoutMs?: number } = {}) {
  const readModels = watchCheckpoints({
    db: tenancy.pool,
    schema: tenancySchema,
    names: overrides.names ?? [tenantsProjection.name, subscriptionsProjection.name],
  });
  const commands = createSubscriptionCommands({
    eventStore: tenancy.eventStore,
    pool: tenancy.pool,
    keyRing: tenancy.keyRing,
    now: () => new Date(),
  });
  return seedDemoSubscriptions({
    commands,
    eventStore: tenancy.eventStore,
    db: tenancy.pool,
    readModels,
    ...(overrides.timeoutMs === undefined ? {} : { timeoutMs: overrides.timeoutMs }),
  });
}

/** The demo tenants, shown in the tenants view: each test's own wait is then on what it is about. */
async function seedTenants(tenancy: TenancyHarness): Promise<void> {
  await seedDemoTenants(
    wireTenantCommands(tenancy.eventStore, tenancy.pool, tenancy.keyRing, () => new Date()),
  );
  await viewsSettled(tenancy, [tenants.category]);
}

async function copyDemoCatalogue(pool: pg.Pool): Promise<void> {
  for (const { id, body } of demoProducts) {
    await handleMessage(pool, applyCatalogProductMessage, 'catalog.product.created.v1', {
      productId: id,
      name: body.name,
      slug: body.slug,
      description: body.description ?? null,
      basePriceCents: centsFromDollars(body.basePrice),
      basicPriceCents: body.basicPrice == null ? null : centsFromDollars(body.basicPrice),
      enterprisePriceCents: body.enterprisePrice == null ? null : centsFromDollars(body.enterprisePrice),
      category: body.category ?? null,
      color: body.color ?? '#3B82F6',
      icon: body.icon ?? 'BarChart3',
      features: body.features ?? [],
      isActive: true,
      createdAt: new Date().toISOString(),
    });
  }
}

const allTenantSubscriptions = async (pool: pg.Pool) =>
  (
    await Promise.all(
      Object.values(demoTenantIds).map(
        async (id) => (await listTenantSubscriptions(pool, id, { limit: maxPageLimit })).rows,
      ),
    )
  ).flat();

describe('the demo subscription seed', () => {
  const tenancy = startedForFile(async () => {
    const started = await startTenancy();
    await seedTenants(started);
    await copyDemoCatalogue(started.pool);
    return started;
  });

  it('gives the demo tenants a mix of statuses, with endpoints and sealed metrics keys, once', async () => {
    const first = await seedOn(tenancy);
    expect(first).toEqual({
      created: demoSubscriptions.map(({ id }) => id),
      alreadyPresent: [],
      skipped: [],
    });

    const listed = await allTenantSubscriptions(tenancy.pool);
    expect(listed).toHaveLength(demoSubscriptions.length);
    expect(new Set(listed.map(({ status }) => status))).toEqual(
      new Set(['active', 'trial', 'suspended', 'cancelled']),
    );
    for (const demo of demoSubscriptions) {
      const product = demoProducts.find(({ id }) => id === demo.productId);
      expect(listed.find(({ id }) => id === demo.id)).toMatchObject({
        tenantId: demo.tenantId,
        productName: product?.body.name,
        plan: demo.plan,
        status: demo.status,
        amount: product ? planPrice(product.body, demo.plan) : undefined,
        domainUrl: demo.endpoint?.domainUrl ?? null,
        metricsApiKeyConfigured: demo.endpoint?.metricsApiKey !== undefined,
      });
    }

    const keyed = demoSubscriptions.filter(({ endpoint }) => endpoint?.metricsApiKey);
    expect(keyed.length).toBeGreaterThan(0);
    for (const demo of keyed) {
      const { state } = await aggregateStore(tenancy.eventStore, subscriptions).read(demo.id);
      const sealed = (state as { metricsApiKey: SealedSecret | null }).metricsApiKey;
      expect(sealed).not.toBeNull();
      const { events } = await tenancy.eventStore.readStream(streamOf(subscriptions, demo.id));
      expect(JSON.stringify(events.map(({ data }) => data))).not.toContain(demo.endpoint?.metricsApiKey);
      expect(
        decryptSecret(
          tenancy.keyRing,
          sealed as SealedSecret,
          secretContexts.subscriptionMetricsApiKey(demo.id),
        ),
      ).toBe(demo.endpoint?.metricsApiKey);
    }
  });

  it('finds every demo subscription on a second run and changes nothing, without waiting on read models', async () => {
    const eventsBefore = await countEvents(tenancy.pool);
    // A projection that never runs: any wait on the read models would time out and fail the run.
    const second = await seedOn(tenancy, { names: ['never.runs.v1'], timeoutMs: 50 });
    expect(second).toEqual({
      created: [],
      alreadyPresent: demoSubscriptions.map(({ id }) => id),
      skipped: [],
    });
    expect(await countEvents(tenancy.pool)).toBe(eventsBefore);
    expect(await allTenantSubscriptions(tenancy.pool)).toHaveLength(demoSubscriptions.length);
  });
});

describe('the demo subscription seed before the catalogue arrived', () => {
  const tenancy = startedForFile(async () => {
    const started = await startTenancy();
    await seedTenants(started);
    return started;
  });

  it('gives up after its bound, naming the products tenancy has no copy of, and starts nothing', async () => {
    const eventsBefore = await countEvents(tenancy.pool);
    await expect(seedOn(tenancy, { timeoutMs: 300 })).rejects.toThrow(
      new RegExp(`no copy of demo product\\(s\\) ${demoProductIds.insightAnalytics}, .+ after 0.3 s`),
    );
    expect(await countEvents(tenancy.pool)).toBe(eventsBefore);
  });

  it('leaves out a subscription a rule refuses and seeds the rest', async () => {
    await copyDemoCatalogue(tenancy.pool);
    const taken = demoSubscriptions[0];
    if (!taken) throw new Error('no demo subscriptions');
    // An admin gave the tenant a live subscription to that product before this seed ever ran.
    await createSubscriptionCommands({
      eventStore: tenancy.eventStore,
      pool: tenancy.pool,
      keyRing: tenancy.keyRing,
      now: () => new Date(),
    }).start(
      taken.tenantId,
      { productId: taken.productId, plan: 'professional', status: 'active' },
      { metadata: { actorId: 'admin' } },
    );

    const report = await seedOn(tenancy);
    expect(report.skipped).toEqual([{ id: taken.id, reason: duplicateLiveSubscription }]);
    expect(report.created).toHaveLength(demoSubscriptions.length - 1);
  });
});
