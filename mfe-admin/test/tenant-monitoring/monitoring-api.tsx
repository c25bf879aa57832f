import type { Subscription, Tenant, TenantMetricsHistoryReply, TenantMetricsReply } from '@app/contracts';
import { json, renderScreen, stubApi, type Routes } from '@app/test-support/web';
import { TenantMonitoringPage } from '../../src/screens/tenant-monitoring/tenant-monitoring-page.js';
import { aMetricsHistoryReply } from '../support/fixtures.js';

/** The reads Tenant monitoring makes: the tenant, its subscriptions, its metrics and their history. */
export function stubMonitoring(
  tenant: Tenant,
  data: { metrics: TenantMetricsReply; history?: TenantMetricsHistoryReply; subscriptions?: Subscription[] },
  routes: Routes = {},
) {
  return stubApi({
    [`GET /api/admin/tenants/${tenant.id}`]: () => json(tenant),
    [`GET /api/admin/tenants/${tenant.id}/subscriptions?limit=200`]: () => json(data.subscriptions ?? []),
    [`GET /api/tenant-metrics/${tenant.id}`]: () => json(data.metrics),
    [`GET /api/tenant-metrics/${tenant.id}/history`]: () =>
      json(data.history ?? aMetricsHistoryReply(tenant.id)),
    ...routes,
  });
}

export function renderMonitoring(tenantId: string, search = '') {
  return renderScreen(<TenantMonitoringPage />, `/tenant-monitoring/${tenantId}${search}`, {
    route: '/tenant-monitoring/:tenantId',
  });
}
