import { formatUsd, StatCard } from '@app/ui';
import { Activity, DollarSign, Package, Users } from 'lucide-react';
import { staticUptime, type ProductFigures, type TenantFigures } from './figures.js';

/** SPEC.md §2 "Admin Dashboard": the four cards; a figure shows a placeholder until its list has loaded. */
export function SummaryCards({
  tenants,
  products,
}: {
  tenants: TenantFigures | undefined;
  products: ProductFigures | undefined;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title="Total Tenants"
        icon={Users}
        value={tenants?.totalTenants}
        note={tenants ? `${tenants.activeTenants} active` : null}
      />
      <StatCard
        title="Active Products"
        icon={Package}
        value={products?.activeProducts}
        note={products ? `of ${products.totalProducts} total` : null}
      />
      <StatCard
        title="Total Revenue"
        icon={DollarSign}
        value={tenants ? formatUsd(tenants.totalRevenue) : undefined}
        note="All time"
      />
      <StatCard title="System Health" icon={Activity} value={staticUptime} note="Uptime" />
    </div>
  );
}
