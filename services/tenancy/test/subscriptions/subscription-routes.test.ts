import { identityHeaders } from '@app/service-kit/testing';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { startSubscriptionHarness } from './support.js';

const h = startedForFile(startSubscriptionHarness);

const admin = () => identityHeaders('admin');

async function subscribe(tenantId: string, payload: Record<string, unknown>) {
  return h.app.inject({
    method: 'POST',
    url: `/api/admin/tenants/${tenantId}/subscriptions`,
    headers: await admin(),
    payload,
  });
}

async function patch(subscriptionId: string, payload: Record<string, unknown>) {
  return h.app.inject({
    method: 'PATCH',
    url: `/api/admin/subscriptions/${subscriptionId}`,
    headers: await admin(),
    payload,
  });
}

describe('admin subscription routes', () => {
  it('starts a subscription at the base price with the dialog defaults and lists it with joined names', async () => {
    const tenantId = await h.createTenant('Acme Ltd');
    const productId = await h.addProduct({ name: 'Ledger Sync', basePriceCents: 12_950 });
    const created = await subscribe(tenantId, { productId });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBe('"0"');
    expect(created.json()).toMatchObject({
      tenantId,
      productId,
      productName: 'Ledger Sync',
      plan: 'professional',
      status: 'active',
      amount: 129.5,
      metricsApiKeyConfigured: false,
      product: { name: 'Ledger Sync', basePrice: 129.5, color: '#22C55E' },
      tenant: { name: 'Acme Ltd' },
    });
    const list = await h.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${tenantId}/subscriptions`,
      headers: await admin(),
    });
    expect(list.json()).toEqual([created.json()]);
    const byProduct = await h.app.inject({
      method: 'GET',
      url: `/api/admin/products/${productId}/subscriptions`,
      headers: await admin(),
    });
    expect(byProduct.json()).toMatchObject([{ tenant: { name: 'Acme Ltd' }, status: 'active' }]);
    const { rows } = await h.pool.query(
      'SELECT subscription_count, active_subscriptions FROM tenants WHERE id = $1',
      [tenantId],
    );
    expect(rows).toEqual([{ subscription_count: 1, active_subscriptions: 1 }]);
  });

  it('refuses a second live subscription to the same product with 409, even when both are sent at once', async () => {
    const tenantId = await h.createTenant();
    const productId = await h.addProduct();
    const [a, b] = await Promise.all([
      subscribe(tenantId, { productId, status: 'trial' }),
      subscribe(tenantId, { productId }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().detail ?? refused.json().title).toMatch(/already has a live subscription/);
    const list = await h.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${tenantId}/subscriptions`,
      headers: await admin(),
    });
    expect(list.json()).toHaveLength(1);
  });

  it('refuses an inactive or unknown product and an unknown tenant, appending nothing', async () => {
    const tenantId = await h.createTenant();
    const inactive = await h.addProduct({ isActive: false });
    const before = await h.countEvents();
    expect((await subscribe(tenantId, { productId: inactive })).statusCode).toBe(400);
    expect((await subscribe(tenantId, { productId: uuidv7() })).statusCode).toBe(400);
    expect((await subscribe(uuidv7(), { productId: await h.addProduct() })).statusCode).toBe(404);
    expect(await h.countEvents()).toBe(before);
  });

  it("starts a subscription at its plan's price, and refuses a plan the product does not offer", async () => {
    const productId = await h.addProduct({ basePriceCents: 12_950, enterprisePriceCents: 49_900 });
    const enterprise = await subscribe(await h.createTenant(), { productId, plan: 'enterprise' });
    expect(enterprise.statusCode).toBe(201);
    expect(enterprise.json()).toMatchObject({ plan: 'enterprise', amount: 499 });

    const other = await h.createTenant();
    const before = await h.countEvents();
    const basic = await subscribe(other, { productId, plan: 'basic' });
    expect(basic.statusCode).toBe(400);
    expect(basic.json()).toMatchObject({
      errors: [
        { path: 'plan', message: 'This product has no basic plan: choose one of the plans it offers' },
      ],
    });
    expect(await h.countEvents()).toBe(before);
  });

  it('toggles active → cancelled → active, and refuses reactivating while another is live', async () => {
    const tenantId = await h.createTenant();
    const productId = await h.addProduct();
    const first = (await subscribe(tenantId, { productId })).json<{ id: string }>();
    const cancelled = await patch(first.id, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await patch(first.id, { status: 'active' })).json()).toMatchObject({ status: 'active' });
    await patch(first.id, { status: 'cancelled' });
    const second = await subscribe(tenantId, { productId, status: 'suspended' });
    expect(second.statusCode).toBe(201);
    // A suspended subscription's toggle is "active"; asking to cancel it is refused.
    expect((await patch(second.json<{ id: string }>().id, { status: 'cancelled' })).statusCode).toBe(409);
    expect((await patch(first.id, { status: 'active' })).statusCode).toBe(409);
    expect((await patch(uuidv7(), { status: 'active' })).statusCode).toBe(404);
  });

  it('configures the endpoint with a sealed key that no response, read model or event shows', async () => {
    const tenantId = await h.createTenant();
    const sub = (await subscribe(tenantId, { productId: await h.addProduct() })).json<{ id: string }>();
    const key = `mk_${uuidv7()}`;
    const configured = await patch(sub.id, { domainUrl: 'https://acme.example.com', metricsApiKey: key });
    expect(configured.statusCode).toBe(200);
    expect(configured.json()).toMatchObject({
      domainUrl: 'https://acme.example.com',
      metricsApiKeyConfigured: true,
    });
    const list = await h.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${tenantId}/subscriptions`,
      headers: await admin(),
    });
    for (const body of [configured.body, list.body]) expect(body).not.toContain(key);
    const { rows } = await h.pool.query<{ data: unknown }>(
      `SELECT data FROM eventstore.events WHERE type = 'SubscriptionEndpointConfigured'`,
    );
    expect(JSON.stringify(rows)).not.toContain(key);
    const cleared = await patch(sub.id, { metricsApiKey: '' });
    expect(cleared.json()).toMatchObject({
      metricsApiKeyConfigured: false,
      domainUrl: 'https://acme.example.com',
    });
  });

  it('answers bad input with 4xx and appends nothing', async () => {
    const tenantId = await h.createTenant();
    const sub = (await subscribe(tenantId, { productId: await h.addProduct() })).json<{ id: string }>();
    const before = await h.countEvents();
    const bad = [
      await subscribe(tenantId, {}),
      await subscribe(tenantId, { productId: 'nope' }),
      await subscribe(tenantId, { productId: await h.addProduct(), plan: 'gold' }),
      await subscribe(tenantId, { productId: await h.addProduct(), status: 'cancelled' }),
      await subscribe('not-a-uuid', { productId: await h.addProduct() }),
      await patch(sub.id, { domainUrl: 'javascript:alert(1)' }),
      await patch(sub.id, { status: 'active', domainUrl: 'https://x.example' }),
      await patch(sub.id, {}),
      await patch(sub.id, { status: 'paused' }),
    ];
    for (const response of bad) expect(response.statusCode, response.body).toBe(400);
    expect(await h.countEvents()).toBe(before);
  });
});

describe('customer subscriptions', () => {
  it("shows a customer only their own tenants' subscriptions and refuses them admin calls", async () => {
    const ownerId = uuidv7();
    const mine = await h.createTenant('Mine', ownerId);
    const theirs = await h.createTenant('Theirs', uuidv7());
    const productId = await h.addProduct({ name: 'Payroll', basicPriceCents: 4_900 });
    await subscribe(mine, { productId, plan: 'basic' });
    await subscribe(theirs, { productId });
    const customer = await identityHeaders('tenant', undefined, { userId: ownerId });
    const own = await h.app.inject({ method: 'GET', url: '/api/subscriptions', headers: customer });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject([{ tenantId: mine, productName: 'Payroll', plan: 'basic', amount: 49 }]);
    expect(own.json()).toHaveLength(1);
    const stranger = await identityHeaders('tenant');
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/subscriptions', headers: stranger })).json(),
    ).toEqual([]);
    expect((await h.app.inject({ method: 'GET', url: '/api/subscriptions' })).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', `/api/admin/tenants/${mine}/subscriptions`],
      ['GET', `/api/admin/products/${productId}/subscriptions`],
      ['POST', `/api/admin/tenants/${mine}/subscriptions`],
      ['PATCH', `/api/admin/subscriptions/${uuidv7()}`],
    ] as const) {
      const response = await h.app.inject({
        method,
        url,
        headers: customer,
        payload: method === 'GET' ? undefined : { productId },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
