import type { Product, Tenant, User } from '@app/contracts';

/** SPEC.md §2 "Admin Portal": the six counters; each is unknown (undefined) until its list has loaded. */
export interface PortalCounts {
  totalUsers?: number;
  adminUsers?: number;
  totalTenants?: number;
  activeTenants?: number;
  totalProducts?: number;
  activeProducts?: number;
}

export function portalCounts(lists: {
  users: readonly User[] | undefined;
  tenants: readonly Tenant[] | undefined;
  products: readonly Product[] | undefined;
}): PortalCounts {
  const { users, tenants, products } = lists;
  return {
    totalUsers: users?.length,
    adminUsers: users?.filter((user) => user.role === 'admin').length,
    totalTenants: tenants?.length,
    activeTenants: tenants?.filter((tenant) => tenant.status === 'active').length,
    totalProducts: products?.length,
    activeProducts: products?.filter((product) => product.isActive).length,
  };
}
