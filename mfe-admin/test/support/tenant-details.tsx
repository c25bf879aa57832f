import type { Product, Subscription, SubscriptionTerm, Tenant, User } from '@app/contracts';
import { json, renderScreen, stubApi, type Routes } from '@app/test-support/web';
import { TenantDetailsPage } from '../../src/screens/tenant-details/tenant-details-page.js';

/**
 * The reads Tenant details makes for one tenant (the Add dialog's active products once it opens), plus whatever a
 * test adds or overrides.
 */
export function stubTenantDetails(
  tenant: Tenant,
  data: {
    subscriptions?: Subscription[];
    products?: Product[];
    owner?: User;
    terms?: SubscriptionTerm[];
  } = {},
  routes: Routes = {},
) {
  return stubApi({
    [`GET /api/admin/tenants/${tenant.id}`]: () => json(tenant),
    [`GET /api/admin/tenants/${tenant.id}/subscriptions`]: () => json(data.subscriptions ?? []),
    'GET /api/products?isActive=true': () => json(data.products ?? []),
    'GET /api/admin/billing/subscriptions?*': () => json(data.terms ?? []),
    'GET /api/admin/audit?*': () => json([]),
    [`GET /api/admin/tenants/${tenant.id}/webhooks/endpoints`]: () => json({ endpoints: [] }),
    ...(data.owner ? { [`GET /api/admin/users/${data.owner.id}`]: () => json(data.owner) } : {}),
    ...routes,
  });
}

export function renderTenantDetails(tenantId: string) {
  return renderScreen(<TenantDetailsPage />, `/tenant-details/${tenantId}`, { route: '/tenant-details/:id' });
}

/** Tenant details for one tenant whose edit (a PATCH to `path`) succeeds with `reply`; returns the stubbed API. */
export function renderTenantSaving(
  tenant: Tenant,
  path: string,
  reply: unknown,
  data: { subscriptions?: Subscription[] } = {},
) {
  const api = stubTenantDetails(tenant, data, { [`PATCH ${path}`]: () => json(reply) });
  renderTenantDetails(tenant.id);
  return api;
}
