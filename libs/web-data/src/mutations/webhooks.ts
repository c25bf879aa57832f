import type {
  RegisterWebhookEndpointRequest,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '@app/contracts';
import { useMutation, type QueryClient } from '@app/query';
import { segment } from '../query-keys.js';
import { webhookEndpointsPath, webhookKeys, type WebhookScope } from '../queries/webhooks.js';
import { invalidate } from './invalidate.js';
import { writeMutation } from './write-mutation.js';

/** Every endpoint write changes the scope's list; the delivery logs sit under it and refresh with it. */
const refreshEndpoints = (scope: WebhookScope) => (client: QueryClient) =>
  invalidate(client, webhookKeys.endpoints(scope));

const endpointPath = (scope: WebhookScope, endpointId: string) =>
  `${webhookEndpointsPath(scope)}/${segment(endpointId)}`;

/** POST …/endpoints: answers the endpoint with its signing secret, which is never shown again. */
export function registerWebhookEndpointMutation(scope: WebhookScope) {
  return writeMutation<WebhookEndpointWithSecret, RegisterWebhookEndpointRequest>(
    'POST',
    webhookEndpointsPath(scope),
    (body) => ({ path: webhookEndpointsPath(scope), body }),
    refreshEndpoints(scope),
  );
}

export interface SetWebhookEndpointEnabledVariables {
  endpointId: string;
  enabled: boolean;
}

/** POST …/{id}/enable or …/{id}/disable; enabling also takes a failing endpoint back into service. */
export function setWebhookEndpointEnabledMutation(scope: WebhookScope) {
  return writeMutation<WebhookEndpoint, SetWebhookEndpointEnabledVariables>(
    'POST',
    `${webhookEndpointsPath(scope)}/{id}/{action}`,
    ({ endpointId, enabled }) => ({
      path: `${endpointPath(scope, endpointId)}/${enabled ? 'enable' : 'disable'}`,
    }),
    refreshEndpoints(scope),
  );
}

/** POST …/{id}/rotate-secret: the new secret, shown once; the old one keeps signing for 24 hours. */
export function rotateWebhookSecretMutation(scope: WebhookScope) {
  return writeMutation<WebhookEndpointWithSecret, string>(
    'POST',
    `${webhookEndpointsPath(scope)}/{id}/rotate-secret`,
    (endpointId) => ({ path: `${endpointPath(scope, endpointId)}/rotate-secret` }),
    refreshEndpoints(scope),
  );
}

/** DELETE …/{id}: for good, with its delivery log. */
export function deleteWebhookEndpointMutation(scope: WebhookScope) {
  return writeMutation<void, string>(
    'DELETE',
    `${webhookEndpointsPath(scope)}/{id}`,
    (endpointId) => ({ path: endpointPath(scope, endpointId) }),
    refreshEndpoints(scope),
  );
}

export interface RedeliverWebhookVariables {
  endpointId: string;
  deliveryId: string;
}

/** POST …/{id}/deliveries/{deliveryId}/redeliver: due at once on a fresh schedule; refreshes that log. */
export function redeliverWebhookMutation(scope: WebhookScope) {
  return writeMutation<WebhookDelivery, RedeliverWebhookVariables>(
    'POST',
    `${webhookEndpointsPath(scope)}/{id}/deliveries/{deliveryId}/redeliver`,
    ({ endpointId, deliveryId }) => ({
      path: `${endpointPath(scope, endpointId)}/deliveries/${segment(deliveryId)}/redeliver`,
    }),
    (client, delivery) => invalidate(client, webhookKeys.deliveries(scope, delivery.endpointId)),
  );
}

export function useRegisterWebhookEndpoint(scope: WebhookScope) {
  return useMutation(registerWebhookEndpointMutation(scope));
}

export function useSetWebhookEndpointEnabled(scope: WebhookScope) {
  return useMutation(setWebhookEndpointEnabledMutation(scope));
}

export function useRotateWebhookSecret(scope: WebhookScope) {
  return useMutation(rotateWebhookSecretMutation(scope));
}

export function useDeleteWebhookEndpoint(scope: WebhookScope) {
  return useMutation(deleteWebhookEndpointMutation(scope));
}

export function useRedeliverWebhook(scope: WebhookScope) {
  return useMutation(redeliverWebhookMutation(scope));
}
