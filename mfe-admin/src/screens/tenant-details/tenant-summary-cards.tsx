import type { Tenant } from '@app/contracts';
import { StatCard } from '@app/ui';
import { useAdminUser } from '@app/web-data';
import { Activity, Globe, Package, User as UserIcon } from 'lucide-react';
import { StatusBadge } from '../admin-dashboard/subscription-status-badge.js';
import { ownerLabel } from './tenant-names.js';

/** SPEC.md §2 "Tenant details": the owner is read (GET /api/admin/users/{ownerId}) only when there is one. */
export function TenantSummaryCards({ tenant }: { tenant: Tenant }) {
  const owner = useAdminUser(tenant.ownerId);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {/* An owner's email is one long word; it wraps rather than overflow a phone-wide card. */}
      <StatCard
        title="Owner"
        icon={UserIcon}
        value={<span className="break-words">{ownerLabel(tenant, owner)}</span>}
      />
      <StatCard title="Subscriptions" icon={Package} value={tenant.subscriptionCount} />
      <StatCard title="Domain" icon={Globe} value={tenant.domainUrl ? 'Configured' : 'Not Set'} />
      <StatCard title="Status" icon={Activity} value={<StatusBadge status={tenant.status} />} />
    </div>
  );
}
