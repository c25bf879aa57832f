import { ApiError, useAdminTenant } from '@app/web-data';
import { useParams, useSearchParams } from '@app/routing';
import { BackToPortal } from '../../components/back-to-portal.js';
import { tenantDisplayName } from '../admin-dashboard/figures.js';
import { MonitoringDashboard } from './monitoring-dashboard.js';
import { MonitoringSkeleton } from './monitoring-skeleton.js';

function TenantMessage({ children, alert = false }: { children: string; alert?: boolean }) {
  return (
    <div role={alert ? 'alert' : undefined} className="rounded-lg border border-border p-6">
      <h1 className="text-xl font-semibold">{children}</h1>
    </div>
  );
}

/**
 * Tenant monitoring (SPEC.md §2): the tenant first (GET /api/admin/tenants/{id}), then its app's metrics, for
 * the subscription named by `?subscription=` or the tenant's default one.
 */
export function TenantMonitoringPage() {
  const { tenantId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const subscriptionId = searchParams.get('subscription') || undefined;
  const tenant = useAdminTenant(tenantId);
  // grid-cols-1 (minmax(0, 1fr)), not an auto column: the login table scrolls instead of widening the page.
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <BackToPortal />
      {tenant.isPending ? (
        <MonitoringSkeleton />
      ) : tenant.isError ? (
        tenant.error instanceof ApiError && tenant.error.status === 404 ? (
          <TenantMessage>Tenant not found.</TenantMessage>
        ) : (
          <TenantMessage alert>Failed to load tenant information. Please try again.</TenantMessage>
        )
      ) : (
        <MonitoringDashboard
          tenant={tenant.data}
          tenantName={tenantDisplayName(tenant.data)}
          subscriptionId={subscriptionId}
        />
      )}
    </div>
  );
}
