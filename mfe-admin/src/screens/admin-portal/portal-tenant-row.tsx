import type { Tenant } from '@app/contracts';
import { Button } from '@app/ui';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from '@app/routing';
import { tenantDisplayName } from '../admin-dashboard/figures.js';
import { StatusBadge } from '../admin-dashboard/subscription-status-badge.js';
import { PortalTenantSubscriptions } from './portal-tenant-subscriptions.js';

/**
 * One tenant of the portal's Tenants tab. Like the Admin Dashboard's row, but its subscriptions link to the
 * analytics page (SPEC.md §2 "Links outside the pages"), so the row is its own.
 */
export function PortalTenantRow({ tenant }: { tenant: Tenant }) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const name = tenantDisplayName(tenant);
  return (
    <li className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-expanded={expanded}
          aria-controls={expanded ? panelId : undefined}
          aria-label={`Subscriptions of ${name}`}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
        </Button>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">{name}</h3>
          <p className="text-sm text-muted-foreground">{tenant.slug}</p>
        </div>
        <p className="text-sm text-muted-foreground">
          {tenant.subscriptionCount} subscriptions, {tenant.activeSubscriptions} active
        </p>
        <StatusBadge status={tenant.status} />
        <Link
          to={`/tenant-details/${encodeURIComponent(tenant.id)}`}
          aria-label={`View Details of ${name}`}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          View Details
        </Link>
      </div>
      {expanded ? (
        <div id={panelId} className="mt-4 sm:pl-12">
          <PortalTenantSubscriptions tenantId={tenant.id} tenantName={name} />
        </div>
      ) : null}
    </li>
  );
}
