import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import { startedForFile } from '@app/test-support/started-for-file';
import { walkPages } from '@app/test-support/pages';
import { newestFirst } from '../support/newest-first.js';
import { startSubscriptionHarness } from '../subscriptions/support.js';

const h = startedForFile(startSubscriptionHarness);

const admin = () => identityHeaders('admin');

async function subscribe(tenantId: string, productId: string, body: Record<string, unknown> = {}) {
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/admin/tenants/${tenantId}/subscriptions`,
    headers: await admin(),
    payload: { productId, ...body },
  });
  if (response.statusCode !== 201) throw new Error(`subscribe failed: ${response.body}`);
  return response.json<Subscription>();
}

async function cancel(subscription: Subscription): Promise<Subscription> {
  const response = await h.app.inject({
    method: 'PATCH',
    url: `/api/admin/subscriptions/${subscription.id}`,
    headers: await admin(),
    payload: { status: 'cancelled' },
  });
  return response.json<Subscription>();
}

async function listed(url: string, headers?: Record<string, string>) {
  const pages = await walkPages<Subscription>(h.app, url, headers ?? (await admin()));
  return pages.flatMap((page) => page.items);
}
const ids = (subscriptions: readonly Subscription[]) => subscriptions.map((subscription) => subscription.id);

/** A product that offers all three plans. */
const everyPlan = { basicPriceCents: 4_900, enterprisePriceCents: 29_900 };

/** One product with a subscription of each kind, each from a tenant of its own. */
async function productWithMix() {
  const productId = await h.addProduct(everyPlan);
  const subscribed = async (plan: string, status: string) =>
    subscribe(await h.createTenant(), productId, { plan, status });
  const all = [
    await subscribed('basic', 'active'),
    await subscribed('basic', 'trial'),
    await subscribed('professional', 'trial'),
    await subscribed('enterprise', 'suspended'),
    await cancel(await subscribed('basic', 'active')),
    await cancel(await subscribed('professional', 'active')),
  ];
  return { productId, all: newestFirst(all) };
}

describe("a product's subscriptions", () => {
  it('walks every page newest first, each once, while new subscriptions arrive', async () => {
    const { productId, all } = await productWithMix();

    const pages = await walkPages<Subscription>(
      h.app,
      `/api/admin/products/${productId}/subscriptions?limit=4`,
      await admin(),
      async () => subscribe(await h.createTenant(), productId),
    );

    expect(pages.map((page) => page.items.length)).toEqual([4, 2]);
    expect(ids(pages.flatMap((page) => page.items))).toEqual(ids(all));
  });

  it('filters by status, plan, both, and live (not cancelled), each alone and with plan', async () => {
    const { productId, all } = await productWithMix();
    const url = `/api/admin/products/${productId}/subscriptions?limit=2`;
    const where = (keep: (subscription: Subscription) => boolean) => ids(all.filter(keep));

    expect(ids(await listed(`${url}&status=trial`))).toEqual(where((s) => s.status === 'trial'));
    expect(ids(await listed(`${url}&plan=basic`))).toEqual(where((s) => s.plan === 'basic'));
    expect(ids(await listed(`${url}&status=cancelled&plan=basic`))).toEqual(
      where((s) => s.status === 'cancelled' && s.plan === 'basic'),
    );
    expect(ids(await listed(`${url}&live=true`))).toEqual(where((s) => s.status !== 'cancelled'));
    expect(ids(await listed(`${url}&live=true&plan=basic`))).toEqual(
      where((s) => s.status !== 'cancelled' && s.plan === 'basic'),
    );
    expect(ids(await listed(`${url}&live=true&status=suspended`))).toEqual(
      where((s) => s.status === 'suspended'),
    );
    expect(await listed(`${url}&live=true&status=cancelled`)).toEqual([]);
    expect(ids(await listed(`${url}&live=false`))).toEqual(ids(all));
  });

  it('refuses bad filters, limits and cursors with a 400', async () => {
    const url = `/api/admin/products/${await h.addProduct()}/subscriptions`;
    for (const query of [
      'live=yes',
      'status=paused',
      'plan=gold',
      'limit=0',
      'limit=201',
      'cursor=abc',
      'x=1',
    ]) {
      const response = await h.app.inject({ method: 'GET', url: `${url}?${query}`, headers: await admin() });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe("a tenant's and a customer's subscriptions", () => {
  it("pages a tenant's newest first and filters them", async () => {
    const tenantId = await h.createTenant();
    const all: Subscription[] = [];
    for (const plan of ['basic', 'professional', 'enterprise', 'basic']) {
      all.push(await subscribe(tenantId, await h.addProduct(everyPlan), { plan }));
    }
    const url = `/api/admin/tenants/${tenantId}/subscriptions?limit=3`;

    expect(ids(await listed(url))).toEqual(ids(newestFirst(all)));
    expect(ids(await listed(`${url}&plan=basic`))).toEqual(
      ids(newestFirst(all.filter((subscription) => subscription.plan === 'basic'))),
    );
  });

  it("pages the customer's own across their tenants, and nobody else's", async () => {
    const ownerId = randomUUID();
    const productId = await h.addProduct();
    const own = [
      await subscribe(await h.createTenant('First', ownerId), productId),
      await subscribe(await h.createTenant('Second', ownerId), productId, { status: 'trial' }),
      await subscribe(await h.createTenant('Third', ownerId), productId),
    ];
    await subscribe(await h.createTenant('Not theirs', randomUUID()), productId);
    const customer = await identityHeaders('tenant', undefined, { userId: ownerId });

    expect(ids(await listed('/api/subscriptions?limit=2', customer))).toEqual(ids(newestFirst(own)));
    expect(ids(await listed('/api/subscriptions?status=trial', customer))).toEqual([own[1]!.id]);
  });
});
