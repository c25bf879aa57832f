import type { Product, Tenant } from '@app/contracts';
import { sumAmounts } from '@app/ui';

/** SPEC.md §9: the Admin Dashboard lists the first 10 tenants; ids are shown truncated to 8 characters. */
export const dashboardTenantLimit = 10;
const idDisplayLength = 8;

/** SPEC.md §2 "Admin Dashboard" and §9: System Health is the static 99.9% uptime figure, not a measurement. */
export const staticUptime = '99.9%';

export function tenantDisplayName(tenant: Pick<Tenant, 'id' | 'name'>): string {
  return tenant.name.trim() === '' ? `Tenant ${tenant.id.slice(0, idDisplayLength)}` : tenant.name;
}

export interface TenantFigures {
  totalTenants: number;
  activeTenants: number;
  /** Sum of every tenant's totalSpent, all time, in dollars. */
  totalRevenue: number;
}

export function tenantFigures(tenants: readonly Tenant[]): TenantFigures {
  return {
    totalTenants: tenants.length,
    activeTenants: tenants.filter((tenant) => tenant.status === 'active').length,
    totalRevenue: sumAmounts(tenants.map((tenant) => tenant.totalSpent)),
  };
}

export interface ProductFigures {
  totalProducts: number;
  activeProducts: number;
}

export function productFigures(products: readonly Product[]): ProductFigures {
  return {
    totalProducts: products.length,
    activeProducts: products.filter((product) => product.isActive).length,
  };
}
