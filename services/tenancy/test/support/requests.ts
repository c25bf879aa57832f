import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { IntegrationEnvelope, Subscription, Tenant } from '@app/contracts';
import { handleMessage } from '@app/test-support/handled-message';
import { expect } from 'vitest';
import { paidInvoiceCounter } from '../../src/integration/consumers/billing.js';
import { applyCatalogProductMessage } from '../../src/projections/products-copy.js';
import { identityHeaders } from '@app/service-kit/testing';
import { createAs, patchAs } from '@app/test-support/admin-requests';
import type { TenancyHarness } from './tenancy-harness.js';

export const asAdmin = (userId: string = randomUUID()) => identityHeaders('admin', undefined, { userId });
export const asTenant = () => identityHeaders('tenant', undefined, { userId: randomUUID() });

export const newTenantName = (label = 'Tenant') => `${label} ${Math.random().toString(36).slice(2, 8)}`;

export async function createTenant(tenancy: TenancyHarness, body: Record<string, unknown> = {}) {
  const response = await createAs(tenancy.app, await asAdmin(), '/api/admin/tenants', {
    name: newTenantName(),
    ...body,
  });
  return { tenant: response.json<Tenant>(), etag: response.headers.etag as string };
}

export async function patchTenant(
  tenancy: TenancyHarness,
  id: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return patchAs(tenancy.app, await asAdmin(), `/api/admin/tenants/${id}`, payload, headers);
}

/** A product in tenancy's copy of the catalogue, as the catalog's event would put it there. */
export async function addProduct(tenancy: TenancyHarness): Promise<string> {
  const productId = randomUUID();
  await handleMessage(tenancy.pool, applyCatalogProductMessage, 'catalog.product.created.v1', {
    productId,
    name: `Product ${productId.slice(0, 6)}`,
    slug: `product-${productId}`,
    description: null,
    basePriceCents: 5_000,
    category: null,
    color: '#22C55E',
    icon: 'Link',
    features: [],
    isActive: true,
    createdAt: new Date().toISOString(),
  });
  return productId;
}

export async function subscribe(
  tenancy: TenancyHarness,
  tenantId: string,
  productId: string,
  status = 'active',
): Promise<Subscription> {
  const response = await tenancy.app.inject({
    method: 'POST',
    url: `/api/admin/tenants/${tenantId}/subscriptions`,
    headers: await asAdmin(),
    payload: { productId, status },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Subscription>();
}

export async function setStatus(tenancy: TenancyHarness, subscription: Subscription, status: string) {
  const response = await tenancy.app.inject({
    method: 'PATCH',
    url: `/api/admin/subscriptions/${subscription.id}`,
    headers: await asAdmin(),
    payload: { status },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Billing's billing.invoice.paid.v1 for the subscription, through tenancy's consumer. */
export async function payInvoice(tenancy: TenancyHarness, subscription: Subscription, amountCents: number) {
  const countOne = async (envelope: IntegrationEnvelope, tx: pg.PoolClient) => {
    await paidInvoiceCounter.handle(envelope, tx);
    await paidInvoiceCounter.finishBatch([envelope], tx);
  };
  await handleMessage(tenancy.pool, countOne, 'billing.invoice.paid.v1', {
    invoiceId: randomUUID(),
    number: `INV-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    userId: randomUUID(),
    tenantId: subscription.tenantId,
    subscriptionId: subscription.id,
    productId: subscription.productId,
    amountCents,
    currency: 'usd',
    paidAt: new Date().toISOString(),
  });
}
