import type { WebhookDeliveryList, WebhookEndpointList, WebhookTenantList } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { readJson } from '../http.js';
import { segment } from '../query-keys.js';
import { useCurrentUser } from './auth.js';

/**
 * Whose webhook endpoints a screen manages (issue 20): a tenant's owner on their settings, through
 * `/api/tenant-webhooks/…`, or an admin on tenant details, through `/api/admin/tenants/{id}/webhooks/…`. The
 * same endpoints under two prefixes, each checked by notifications.
 */
export interface WebhookScope {
  audience: 'owner' | 'admin';
  tenantId: string;
}

/** The scope's endpoints collection; also the first element of every key under it. */
export function webhookEndpointsPath({ audience, tenantId }: WebhookScope): string {
  return audience === 'owner'
    ? `/api/tenant-webhooks/${segment(tenantId)}/endpoints`
    : `/api/admin/tenants/${segment(tenantId)}/webhooks/endpoints`;
}

export const webhookKeys = {
  endpoints: (scope: WebhookScope) => [webhookEndpointsPath(scope)] as const,
  deliveries: (scope: WebhookScope, endpointId: string) =>
    [webhookEndpointsPath(scope), endpointId, 'deliveries'] as const,
  ownedTenants: ['/api/tenant-webhooks/tenants'] as const,
};

/** GET …/endpoints: the tenant's endpoints, oldest first, never a secret. */
export function webhookEndpointsQuery(scope: WebhookScope) {
  return queryOptions({
    queryKey: webhookKeys.endpoints(scope),
    queryFn: () => readJson<WebhookEndpointList>(webhookEndpointsPath(scope)),
  });
}

export function useWebhookEndpoints(scope: WebhookScope) {
  return useQuery(webhookEndpointsQuery(scope));
}

/** GET …/endpoints/{id}/deliveries: the latest 50 deliveries, newest first, each with every attempt. */
export function webhookDeliveriesQuery(scope: WebhookScope, endpointId: string) {
  return queryOptions({
    queryKey: webhookKeys.deliveries(scope, endpointId),
    queryFn: () =>
      readJson<WebhookDeliveryList>(`${webhookEndpointsPath(scope)}/${segment(endpointId)}/deliveries`),
  });
}

export function useWebhookDeliveries(scope: WebhookScope, endpointId: string) {
  return useQuery(webhookDeliveriesQuery(scope, endpointId));
}

/** GET /api/tenant-webhooks/tenants: the tenants the signed-in customer owns, for their API & Webhooks page. */
export function ownedWebhookTenantsQuery() {
  return queryOptions({
    queryKey: webhookKeys.ownedTenants,
    queryFn: () => readJson<WebhookTenantList>('/api/tenant-webhooks/tenants'),
  });
}

export function useOwnedWebhookTenants() {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...ownedWebhookTenantsQuery(), enabled: isAuthenticated });
}
