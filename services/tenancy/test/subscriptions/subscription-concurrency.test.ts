import { identityHeaders } from '@app/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { startSubscriptionHarness } from './support.js';

const h = startedForFile(startSubscriptionHarness);

/** More concurrent writers than the pool has connections (10): once nine held a lock and waited, none moved. */
const writers = 32;

async function subscribe(tenantId: string, productId: string) {
  return h.app.inject({
    method: 'POST',
    url: `/api/admin/tenants/${tenantId}/subscriptions`,
    headers: await identityHeaders('admin'),
    payload: { productId },
  });
}

async function listFor(tenantId: string) {
  const response = await h.app.inject({
    method: 'GET',
    url: `/api/admin/tenants/${tenantId}/subscriptions`,
    headers: await identityHeaders('admin'),
  });
  return response.json<Array<{ id: string; productId: string; status: string }>>();
}

async function idleInTransaction(): Promise<number> {
  const { rows } = await h.pool.query<{ count: string }>(
    `SELECT count(*) FROM pg_stat_activity
     WHERE datname = current_database() AND state = 'idle in transaction'`,
  );
  return Number(rows[0]?.count);
}

describe('subscription starts under concurrency', () => {
  it(`answers ${writers} concurrent starts for one tenant and different products, each once`, async () => {
    const tenantId = await h.createTenant();
    const products = await Promise.all(Array.from({ length: writers }, () => h.addProduct()));

    const answers = await Promise.all(products.map((productId) => subscribe(tenantId, productId)));

    expect(answers.map((answer) => answer.statusCode)).toEqual(products.map(() => 201));
    const listed = await listFor(tenantId);
    expect(listed.map((subscription) => subscription.productId).sort()).toEqual([...products].sort());
    expect(await idleInTransaction()).toBe(0);
  });

  it(`lets exactly one of ${writers} concurrent starts of the same pair through, and the rest get 409`, async () => {
    const tenantId = await h.createTenant();
    const productId = await h.addProduct();

    const answers = await Promise.all(Array.from({ length: writers }, () => subscribe(tenantId, productId)));

    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(writers - 1);
    expect(await listFor(tenantId)).toHaveLength(1);
    expect(await idleInTransaction()).toBe(0);
  });

  it('lets one of several concurrent reactivations of cancelled subscriptions of one pair through', async () => {
    const tenantId = await h.createTenant();
    const productId = await h.addProduct();
    const cancelled: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const started = await subscribe(tenantId, productId);
      const id = started.json<{ id: string }>().id;
      await h.app.inject({
        method: 'PATCH',
        url: `/api/admin/subscriptions/${id}`,
        headers: await identityHeaders('admin'),
        payload: { status: 'cancelled' },
      });
      cancelled.push(id);
    }

    const answers = await Promise.all(
      cancelled.map(async (id) =>
        h.app.inject({
          method: 'PATCH',
          url: `/api/admin/subscriptions/${id}`,
          headers: await identityHeaders('admin'),
          payload: { status: 'active' },
        }),
      ),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const live = (await listFor(tenantId)).filter((subscription) => subscription.status !== 'cancelled');
    expect(live).toHaveLength(1);
  });
});
