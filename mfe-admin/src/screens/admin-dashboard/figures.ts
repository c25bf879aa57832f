import type { Tenant } from '@app/contracts';

/** SPEC.md §9: ids are shown truncated to 8 characters. */
const idDisplayLength = 8;

/** SPEC.md §2 "Admin Dashboard" and §9: System Health is the static 99.9% uptime figure, not a measurement. */
export const staticUptime = '99.9%';

export function tenantDisplayName(tenant: Pick<Tenant, 'id' | 'name'>): string {
  return tenant.name.trim() === '' ? `Tenant ${tenant.id.slice(0, idDisplayLength)}` : tenant.name;
}
