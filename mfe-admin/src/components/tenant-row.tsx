import type { Tenant } from '@app/contracts';
import { Button } from '@app/ui';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { tenantDisplayName } from '../screens/admin-dashboard/figures.js';
import { StatusBadge } from '../screens/admin-dashboard/subscription-status-badge.js';
import { TenantSubscriptions } from './tenant-subscriptions.js';
import { TextLink } from './text-link.js';

type MonitorPath = ComponentProps<typeof TenantSubscriptions>['monitorPath'];

/** One tenant of a Tenants list (a `VirtualList` row); expanding it reads and lists its subscriptions. */
export function TenantRow({ tenant, monitorPath }: { tenant: Tenant; monitorPath: MonitorPath }) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const name = tenantDisplayName(tenant);
  return (
    <div className="rounded-lg border border-border p-4">
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
        <TextLink
          to={`/tenant-details/${encodeURIComponent(tenant.id)}`}
          aria-label={`View Details of ${name}`}
        >
          View Details
        </TextLink>
      </div>
      {expanded ? (
        <div id={panelId} className="mt-4 sm:pl-12">
          <TenantSubscriptions tenantId={tenant.id} tenantName={name} monitorPath={monitorPath} />
        </div>
      ) : null}
    </div>
  );
}
