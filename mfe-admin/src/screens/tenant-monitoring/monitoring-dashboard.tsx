import type { Tenant } from '@app/contracts';
import { Badge } from '@app/ui';
import { useAdminTenantSubscriptions, useTenantMetrics } from '@app/web-data';
import { AlertsCard, IssuesBanner, SystemSummaryCard } from './alerts-sections.js';
import { formatTime, healthBadgeVariant } from './format.js';
import { Gauges } from './gauges.js';
import { InfoSections } from './info-sections.js';
import { LoginSummaryCard } from './login-summary.js';
import { MonitoringSkeleton } from './monitoring-skeleton.js';
import { OperationsSections } from './operations-sections.js';
import { TrendCharts } from './trend-charts.js';
import { UsageSections } from './usage-sections.js';

interface MonitoringDashboardProps {
  tenant: Tenant;
  tenantName: string;
  subscriptionId: string | undefined;
}

/**
 * The metrics of one tenant's app (SPEC.md §2 "Tenant monitoring"), polled every 5 minutes by the data layer.
 * The domain shown is the monitored subscription's, where the metrics come from, else the tenant's.
 */
export function MonitoringDashboard({ tenant, tenantName, subscriptionId }: MonitoringDashboardProps) {
  const metrics = useTenantMetrics(tenant.id, subscriptionId);
  const subscriptions = useAdminTenantSubscriptions(tenant.id);
  const heading = (
    <h1 className="break-words text-2xl font-bold text-foreground sm:text-3xl">{tenantName} Monitoring</h1>
  );

  if (metrics.isPending) {
    return (
      <>
        {heading}
        <MonitoringSkeleton />
      </>
    );
  }
  if (metrics.isError) {
    return (
      <>
        {heading}
        <div role="alert" className="grid gap-1 rounded-lg border border-destructive p-4">
          <p className="font-semibold text-destructive">Failed to load monitoring data for {tenantName}.</p>
          <p className="text-sm text-muted-foreground">{metrics.error.message}</p>
        </div>
      </>
    );
  }

  const data = metrics.data;
  const monitored = subscriptions.data?.find((subscription) => subscription.id === data.subscriptionId);
  const health = data.system_health?.status;
  return (
    <>
      <header className="flex flex-wrap items-center gap-3">
        {heading}
        <Badge variant="outline">Updated: {formatTime(data.fetchedAt)}</Badge>
        <Badge variant={healthBadgeVariant(health)} className="capitalize">
          {health ?? 'unknown'}
        </Badge>
      </header>
      <IssuesBanner alerts={data.alerts_issues} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <InfoSections metrics={data} />
        <Gauges health={data.system_health} />
        <UsageSections metrics={data} />
        <OperationsSections metrics={data} />
        <AlertsCard alerts={data.alerts_issues} />
        <SystemSummaryCard domainUrl={monitored?.domainUrl ?? tenant.domainUrl} />
        <TrendCharts tenantId={tenant.id} subscriptionId={subscriptionId} />
        <LoginSummaryCard users={data.users} />
      </div>
    </>
  );
}
