import type { ProductSummary, TenantSummary, UserSummary } from '@app/contracts';

/** SPEC.md §2 "Admin Portal": the six counters; each is unknown (undefined) until its summary has loaded. */
export interface PortalCounts {
  totalUsers?: number;
  adminUsers?: number;
  totalTenants?: number;
  activeTenants?: number;
  totalProducts?: number;
  activeProducts?: number;
}

/** The counters from the three summaries the server keeps (never counted from a list: lists are paged). */
export function portalCounts(summaries: {
  users: UserSummary | undefined;
  tenants: TenantSummary | undefined;
  products: ProductSummary | undefined;
}): PortalCounts {
  const { users, tenants, products } = summaries;
  return {
    totalUsers: users?.totalUsers,
    adminUsers: users?.adminUsers,
    totalTenants: tenants?.totalTenants,
    activeTenants: tenants?.activeTenants,
    totalProducts: products?.totalProducts,
    activeProducts: products?.activeProducts,
  };
}
