import { Spinner } from '@app/ui';
import { WebhooksPanel } from '@app/ui/webhooks';
import { ApiError, useAdminTenant } from '@app/web-data';
import { useParams } from '@app/routing';
import { BackToPortal } from '../../components/back-to-portal.js';
import { PageMessage } from '../../components/page-message.js';
import { ActivityCard } from '../activity/activity-card.js';
import { ServiceProvidersCard } from './service-providers-card.js';
import { SubscriptionsCard } from './subscriptions-card.js';
import { TenantInfoCard } from './tenant-info-card.js';
import { tenantHeading } from './tenant-names.js';
import { TenantSummaryCards } from './tenant-summary-cards.js';

/** Tenant details (SPEC.md §2): GET /api/admin/tenants/{id}; a 404 is "not found", any other failure an error. */
export function TenantDetailsPage() {
  const { id = '' } = useParams();
  const tenant = useAdminTenant(id);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <BackToPortal />
      {tenant.isPending ? (
        <Spinner label="Loading tenant details..." showLabel className="py-16" />
      ) : tenant.isError ? (
        tenant.error instanceof ApiError && tenant.error.status === 404 ? (
          <PageMessage title="Tenant not found." />
        ) : (
          <PageMessage alert title="Failed to load tenant details. Please try again." />
        )
      ) : (
        <>
          <header className="grid gap-1">
            <h1 className="break-words text-3xl font-bold text-foreground">{tenantHeading(tenant.data)}</h1>
            <p className="text-muted-foreground">Tenant Details and Configuration</p>
          </header>
          <TenantSummaryCards tenant={tenant.data} />
          <TenantInfoCard tenant={tenant.data} />
          <SubscriptionsCard tenantId={tenant.data.id} />
          <ServiceProvidersCard tenant={tenant.data} />
          <WebhooksPanel scope={{ audience: 'admin', tenantId: tenant.data.id }} />
          <ActivityCard filters={{ tenantId: tenant.data.id }} />
        </>
      )}
    </div>
  );
}
