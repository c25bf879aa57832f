import type { Tenant } from '@app/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@app/ui';
import { useAdminUser } from '@app/web-data';
import { Activity, Globe, Package, User as UserIcon } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { StatusBadge } from '../admin-dashboard/subscription-status-badge.js';
import { ownerLabel } from './tenant-names.js';

function SummaryCard({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: ComponentType<{ className?: string }>;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle asChild className="text-sm font-medium">
          <h2>{title}</h2>
        </CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="break-words text-lg font-semibold">{children}</CardContent>
    </Card>
  );
}

/** SPEC.md §2 "Tenant details": the owner is read (GET /api/admin/users/{ownerId}) only when there is one. */
export function TenantSummaryCards({ tenant }: { tenant: Tenant }) {
  const owner = useAdminUser(tenant.ownerId);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryCard title="Owner" icon={UserIcon}>
        {ownerLabel(tenant, owner)}
      </SummaryCard>
      <SummaryCard title="Subscriptions" icon={Package}>
        {tenant.subscriptionCount}
      </SummaryCard>
      <SummaryCard title="Domain" icon={Globe}>
        {tenant.domainUrl ? 'Configured' : 'Not Set'}
      </SummaryCard>
      <SummaryCard title="Status" icon={Activity}>
        <StatusBadge status={tenant.status} />
      </SummaryCard>
    </div>
  );
}
