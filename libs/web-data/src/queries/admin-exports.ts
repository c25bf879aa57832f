import { listAddress } from '../paging/page.js';
import { segment } from '../query-keys.js';
import type { UserListFilters } from './admin-users.js';
import type { SubscriptionListFilters, TenantListFilters } from './admin-tenants.js';
import type { ProductListFilters } from './catalog.js';

/**
 * The CSV of each admin list with the filters the screen shows it with (issue 21 item 4), followed as a link: the
 * server streams it and the browser writes it to disk as it arrives. A list's page size is no filter, so it stays
 * out.
 */
type WithoutLimit<Filters> = Omit<Filters, 'limit'>;

export function adminUserExportAddress({ q, role }: WithoutLimit<UserListFilters> = {}): string {
  return listAddress('/api/admin/users/export', { q, role });
}

export function adminTenantExportAddress({
  q,
  status,
  ownerId,
}: WithoutLimit<TenantListFilters> = {}): string {
  return listAddress('/api/admin/tenants/export', { q, status, ownerId });
}

export function adminProductExportAddress({
  q,
  category,
  slug,
  isActive,
}: WithoutLimit<ProductListFilters> = {}): string {
  return listAddress('/api/admin/products/export', { q, category, slug, isActive });
}

export function adminTenantSubscriptionExportAddress(
  tenantId: string,
  { status, plan, live }: WithoutLimit<SubscriptionListFilters> = {},
): string {
  return listAddress(`/api/admin/tenants/${segment(tenantId)}/subscriptions/export`, { status, plan, live });
}

export function adminProductSubscriptionExportAddress(
  productId: string,
  { status, plan, live }: WithoutLimit<SubscriptionListFilters> = {},
): string {
  return listAddress(`/api/admin/products/${segment(productId)}/subscriptions/export`, {
    status,
    plan,
    live,
  });
}
