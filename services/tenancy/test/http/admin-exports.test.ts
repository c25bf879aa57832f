import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Subscription, Tenant } from '@app/contracts';
import { startedForFile } from '@app/test-support/started-for-file';
import { addProduct, asAdmin, asTenant, createTenant, subscribe } from '../support/requests.js';
import { startTenancy } from '../support/tenancy-harness.js';

const tenancy = startedForFile(startTenancy);

async function exported(url: string) {
  const response = await tenancy.app.inject({ method: 'GET', url, headers: await asAdmin() });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  return { response, lines: response.body.split('\r\n').filter((line) => line !== '') };
}

const tenantLine = (tenant: Tenant) =>
  [tenant.id, tenant.name, tenant.slug, tenant.status, '', '', '', 0, 0, 0, tenant.createdAt].join(',');

const subscriptionLine = (subscription: Subscription) =>
  [
    subscription.id,
    subscription.tenant.name,
    subscription.tenantId,
    subscription.productName,
    subscription.productId,
    subscription.plan,
    subscription.status,
    subscription.amount,
    'no',
    '',
    subscription.createdAt,
  ].join(',');

describe('GET /api/admin/tenants/export (issue 21 item 4)', () => {
  it("is the Tenants list as CSV with the list's filters, newest first, formulas written as text", async () => {
    const ownerId = randomUUID();
    const first = (await createTenant(tenancy, { name: 'Export Alpha', ownerId })).tenant;
    const formula = (await createTenant(tenancy, { name: '+SUM(A1:A9)', ownerId })).tenant;
    await createTenant(tenancy, { name: 'Someone else' });

    const { response, lines } = await exported(`/api/admin/tenants/export?ownerId=${ownerId}`);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="tenants-[\d-]+\.csv"$/);
    expect(lines).toEqual([
      'Id,Name,Slug,Status,Owner,Owner email,Domain URL,Subscriptions,Active subscriptions,Total spent (USD),Created',
      tenantLine({ ...formula, name: "'+SUM(A1:A9)" }),
      tenantLine(first),
    ]);
    expect(response.body).not.toMatch(/password/i);

    const searched = await exported(`/api/admin/tenants/export?ownerId=${ownerId}&q=alpha`);
    expect(searched.lines.slice(1)).toEqual([tenantLine(first)]);
  });

  it('refuses a customer, and paging parameters', async () => {
    const customer = await tenancy.app.inject({
      method: 'GET',
      url: '/api/admin/tenants/export',
      headers: await asTenant(),
    });
    expect(customer.statusCode).toBe(403);
    const paged = await tenancy.app.inject({
      method: 'GET',
      url: '/api/admin/tenants/export?cursor=abc',
      headers: await asAdmin(),
    });
    expect(paged.statusCode).toBe(400);
  });
});

describe("the subscriptions' exports (issue 21 item 4)", () => {
  it("are a tenant's and a product's subscriptions as CSV with the lists' filters", async () => {
    const productId = await addProduct(tenancy);
    const tenantId = (await createTenant(tenancy)).tenant.id;
    const active = await subscribe(tenancy, tenantId, productId, 'active');
    const trial = await subscribe(tenancy, tenantId, await addProduct(tenancy), 'trial');
    const elsewhere = await subscribe(
      tenancy,
      (await createTenant(tenancy)).tenant.id,
      productId,
      'suspended',
    );

    const ofTenant = await exported(`/api/admin/tenants/${tenantId}/subscriptions/export`);
    expect(ofTenant.lines).toEqual([
      'Id,Tenant,Tenant id,Product,Product id,Plan,Status,Amount (USD/month),Cancels at period end,Domain URL,Created',
      subscriptionLine(trial),
      subscriptionLine(active),
    ]);
    const trials = await exported(`/api/admin/tenants/${tenantId}/subscriptions/export?status=trial`);
    expect(trials.lines.slice(1)).toEqual([subscriptionLine(trial)]);

    const ofProduct = await exported(`/api/admin/products/${productId}/subscriptions/export?live=true`);
    expect(ofProduct.lines.slice(1)).toEqual([elsewhere, active].map(subscriptionLine));
    expect(ofProduct.response.headers['content-disposition']).toMatch(/product-subscriptions-[\d-]+\.csv/);
  });

  it('refuses a customer', async () => {
    for (const url of [
      `/api/admin/tenants/${randomUUID()}/subscriptions/export`,
      `/api/admin/products/${randomUUID()}/subscriptions/export`,
    ]) {
      const response = await tenancy.app.inject({ method: 'GET', url, headers: await asTenant() });
      expect(response.statusCode, url).toBe(403);
    }
  });
});
