import type {
  CreateSubscriptionBody,
  PatchSubscriptionBody,
  PatchTenantBody,
  ProviderGroup,
  ReplaceTenantBody,
  RevealedCredential,
  Subscription,
  Tenant,
} from '@app/contracts';
import { useMutation, type QueryClient, type QueryKey } from '@app/query';
import { queryKeys, segment } from '../query-keys.js';
import { invalidate } from './invalidate.js';
import { memberMutation, writeMutation, type MemberWrite } from './write-mutation.js';

const tenants = '/api/admin/tenants';

/**
 * A tenant or subscription write changes the tenant lists and figures (counts, names, statuses), the tenant's
 * detail and subscriptions, and the product pages' subscription lists and counts (which show tenant names and
 * statuses); not the products themselves or their counters.
 */
const refreshTenancy = (client: QueryClient) =>
  Promise.all([
    invalidate(client, queryKeys.adminTenants),
    client.invalidateQueries({ predicate: ({ queryKey }) => isProductSubscriptionsKey(queryKey) }),
  ]);

/** `['/api/admin/products', id, 'subscriptions', …]`: one product's subscription lists and summary. */
function isProductSubscriptionsKey(queryKey: QueryKey): boolean {
  return queryKey[0] === queryKeys.adminProducts[0] && queryKey[2] === 'subscriptions';
}

export interface AddTenantSubscriptionVariables {
  tenantId: string;
  body: CreateSubscriptionBody;
}

export function addTenantSubscriptionMutation() {
  return writeMutation<Subscription, AddTenantSubscriptionVariables>(
    'POST',
    `${tenants}/{id}/subscriptions`,
    ({ tenantId, body }) => ({ path: `${tenants}/${segment(tenantId)}/subscriptions`, body }),
    refreshTenancy,
  );
}

export interface UpdateSubscriptionVariables {
  subscriptionId: string;
  /** `{ status }` for the Deactivate/Activate toggle, or `{ domainUrl, metricsApiKey }` for the row edit. */
  body: PatchSubscriptionBody;
}

export function updateSubscriptionMutation() {
  return writeMutation<Subscription, UpdateSubscriptionVariables>(
    'PATCH',
    '/api/admin/subscriptions/{subscriptionId}',
    ({ subscriptionId, body }) => ({ path: `/api/admin/subscriptions/${segment(subscriptionId)}`, body }),
    refreshTenancy,
  );
}

/** The body is the name (and status) from Tenant Information, or the twelve provider fields from Service Providers. */
export type UpdateTenantVariables = MemberWrite<PatchTenantBody>;

export function updateTenantMutation() {
  return memberMutation<Tenant, PatchTenantBody>('PATCH', tenants, refreshTenancy);
}

export type ReplaceTenantVariables = MemberWrite<ReplaceTenantBody>;

/** PUT /api/admin/tenants/{id}: defined by SPEC.md §7 though no screen shows a trigger for it. */
export function replaceTenantMutation() {
  return memberMutation<Tenant, ReplaceTenantBody>('PUT', tenants, refreshTenancy);
}

export interface RevealCredentialVariables {
  tenantId: string;
  group: ProviderGroup;
}

/**
 * The eye toggle's audited read of one provider password (ARCHITECTURE.md "Decisions": Secrets). A POST, not a
 * query, so the password is never kept in the query cache.
 */
export function revealCredentialMutation() {
  return writeMutation<RevealedCredential, RevealCredentialVariables>(
    'POST',
    `${tenants}/{id}/credentials/{group}/reveal`,
    ({ tenantId, group }) => ({
      path: `${tenants}/${segment(tenantId)}/credentials/${segment(group)}/reveal`,
    }),
  );
}

export function useAddTenantSubscription() {
  return useMutation(addTenantSubscriptionMutation());
}

export function useUpdateSubscription() {
  return useMutation(updateSubscriptionMutation());
}

export function useUpdateTenant() {
  return useMutation(updateTenantMutation());
}

export function useReplaceTenant() {
  return useMutation(replaceTenantMutation());
}

export function useRevealCredential() {
  return useMutation(revealCredentialMutation());
}
