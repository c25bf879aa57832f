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
import { mutationOptions, useMutation, type QueryClient } from '@app/query';
import { sendJson } from '../http.js';
import { queryKeys, segment } from '../query-keys.js';
import { invalidate } from './invalidate.js';

/**
 * A tenant or subscription write changes the tenant list (counts, names), the tenant's detail and subscriptions,
 * and the product pages' subscription lists (which show tenant names and statuses).
 */
const refreshTenancy = (client: QueryClient) =>
  invalidate(client, queryKeys.adminTenants, queryKeys.adminProducts);

export interface AddTenantSubscriptionVariables {
  tenantId: string;
  body: CreateSubscriptionBody;
}

export function addTenantSubscriptionMutation() {
  return mutationOptions({
    mutationKey: ['POST', '/api/admin/tenants/{id}/subscriptions'],
    mutationFn: ({ tenantId, body }: AddTenantSubscriptionVariables) =>
      sendJson<Subscription>('POST', `/api/admin/tenants/${segment(tenantId)}/subscriptions`, body),
    onSuccess: (_subscription, _variables, _result, { client }) => refreshTenancy(client),
  });
}

export interface UpdateSubscriptionVariables {
  subscriptionId: string;
  /** `{ status }` for the Deactivate/Activate toggle, or `{ domainUrl, metricsApiKey }` for the row edit. */
  body: PatchSubscriptionBody;
}

export function updateSubscriptionMutation() {
  return mutationOptions({
    mutationKey: ['PATCH', '/api/admin/subscriptions/{subscriptionId}'],
    mutationFn: ({ subscriptionId, body }: UpdateSubscriptionVariables) =>
      sendJson<Subscription>('PATCH', `/api/admin/subscriptions/${segment(subscriptionId)}`, body),
    onSuccess: (_subscription, _variables, _result, { client }) => refreshTenancy(client),
  });
}

export interface UpdateTenantVariables {
  id: string;
  /** Name (and status) from Tenant Information, or the twelve provider fields from Service Providers. */
  body: PatchTenantBody;
}

export function updateTenantMutation() {
  return mutationOptions({
    mutationKey: ['PATCH', '/api/admin/tenants/{id}'],
    mutationFn: ({ id, body }: UpdateTenantVariables) =>
      sendJson<Tenant>('PATCH', `/api/admin/tenants/${segment(id)}`, body),
    onSuccess: (_tenant, _variables, _result, { client }) => refreshTenancy(client),
  });
}

export interface ReplaceTenantVariables {
  id: string;
  body: ReplaceTenantBody;
}

/** PUT /api/admin/tenants/{id}: defined by SPEC.md §7 though no screen shows a trigger for it. */
export function replaceTenantMutation() {
  return mutationOptions({
    mutationKey: ['PUT', '/api/admin/tenants/{id}'],
    mutationFn: ({ id, body }: ReplaceTenantVariables) =>
      sendJson<Tenant>('PUT', `/api/admin/tenants/${segment(id)}`, body),
    onSuccess: (_tenant, _variables, _result, { client }) => refreshTenancy(client),
  });
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
  return mutationOptions({
    mutationKey: ['POST', '/api/admin/tenants/{id}/credentials/{group}/reveal'],
    mutationFn: ({ tenantId, group }: RevealCredentialVariables) =>
      sendJson<RevealedCredential>(
        'POST',
        `/api/admin/tenants/${segment(tenantId)}/credentials/${segment(group)}/reveal`,
      ),
  });
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
