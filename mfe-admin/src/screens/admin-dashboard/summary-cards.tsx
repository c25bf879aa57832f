import type { ProductSummary, TenantSummary } from '@app/contracts';
import { formatUsd, StatCard } from '@app/ui';
import { Activity, DollarSign, Package, Users } from 'lucide-react';
import { staticUptime } from './figures.js';

interface SummaryRead<T> {
  data: T | undefined;
  error: Error | null;
}

/**
 * SPEC.md §2 "Admin Dashboard": the four cards; a figure shows a placeholder until its summary has loaded, and
 * the read's error if it failed. Total Revenue is the sum of every tenant's totalSpent, kept by the server.
 */
export function SummaryCards({
  tenants,
  products,
}: {
  tenants: SummaryRead<TenantSummary>;
  products: SummaryRead<ProductSummary>;
}) {
  const tenantFigures = tenants.data;
  const productFigures = products.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title="Total Tenants"
        icon={Users}
        value={tenantFigures?.totalTenants}
        note={tenantFigures ? `${tenantFigures.activeTenants} active` : null}
        error={tenants.error}
      />
      <StatCard
        title="Active Products"
        icon={Package}
        value={productFigures?.activeProducts}
        note={productFigures ? `of ${productFigures.totalProducts} total` : null}
        error={products.error}
      />
      <StatCard
        title="Total Revenue"
        icon={DollarSign}
        value={tenantFigures ? formatUsd(tenantFigures.totalRevenue) : undefined}
        note="All time"
        error={tenants.error}
      />
      <StatCard title="System Health" icon={Activity} value={staticUptime} note="Uptime" />
    </div>
  );
}
