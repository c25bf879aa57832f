import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@app/ui';
import { Activity, DollarSign, Package, Users } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { formatUsd, staticUptime, type ProductFigures, type TenantFigures } from './figures.js';

interface SummaryCardProps {
  title: string;
  icon: ComponentType<{ className?: string }>;
  value: ReactNode;
  note: ReactNode;
}

function SummaryCard({ title, icon: Icon, value, note }: SummaryCardProps) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <div className="text-2xl font-bold">{value}</div>
        <p className="text-xs text-muted-foreground">{note}</p>
      </CardContent>
    </Card>
  );
}

const pending = <Skeleton className="h-8 w-20" />;

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
      <SummaryCard
        title="Total Tenants"
        icon={Users}
        value={tenants ? tenants.totalTenants : pending}
        note={tenants ? `${tenants.activeTenants} active` : null}
      />
      <SummaryCard
        title="Active Products"
        icon={Package}
        value={products ? products.activeProducts : pending}
        note={products ? `of ${products.totalProducts} total` : null}
      />
      <SummaryCard
        title="Total Revenue"
        icon={DollarSign}
        value={tenants ? formatUsd(tenants.totalRevenue) : pending}
        note="All time"
      />
      <SummaryCard title="System Health" icon={Activity} value={staticUptime} note="Uptime" />
    </div>
  );
}
