import { randomUUID } from 'node:crypto';
import { aggregateStore, type CommandOptions, type EventStore } from '@app/eventing';
import type { KeyRing } from '@app/secrets';
import { newEndpointSecret, sealEndpointSecret } from '../endpoint-secret.js';
import { webhookEndpoints } from '../endpoints.js';

export interface EndpointCommandDeps {
  eventStore: EventStore;
  /** SECRETS_KEYS: seals each new signing secret before any command holds it. */
  keyRing: KeyRing;
  now: () => Date;
  newId?: () => string;
}

/**
 * A tenant's webhook endpoints as the routes change them. Every command names the tenant it acts for, which the
 * route has checked the caller may act for; the decider answers another tenant's endpoint as not found. A new
 * secret is returned in clear once, beside the command's result, and stored only sealed.
 */
export function createEndpointCommands(deps: EndpointCommandDeps) {
  const { eventStore, keyRing, now, newId = randomUUID } = deps;
  const endpoints = aggregateStore(eventStore, webhookEndpoints);
  const metadata = () => ({ now: now().toISOString() });

  return {
    async register(tenantId: string, input: { url: string; eventTypes: string[] }, options: CommandOptions) {
      const endpointId = newId();
      const secret = newEndpointSecret();
      const result = await endpoints.handle(
        endpointId,
        {
          type: 'RegisterWebhookEndpoint',
          data: { endpointId, tenantId, ...input, secret: sealEndpointSecret(keyRing, endpointId, secret) },
          metadata: metadata(),
        },
        options,
      );
      return { result, secret };
    },

    changeEventTypes(tenantId: string, endpointId: string, eventTypes: string[], options: CommandOptions) {
      return endpoints.handle(
        endpointId,
        {
          type: 'ChangeWebhookEndpointEventTypes',
          data: { endpointId, tenantId, eventTypes },
          metadata: metadata(),
        },
        options,
      );
    },

    setEnabled(tenantId: string, endpointId: string, enabled: boolean, options: CommandOptions) {
      const type = enabled ? 'EnableWebhookEndpoint' : 'DisableWebhookEndpoint';
      return endpoints.handle(
        endpointId,
        { type, data: { endpointId, tenantId }, metadata: metadata() },
        options,
      );
    },

    remove(tenantId: string, endpointId: string, options: CommandOptions) {
      return endpoints.handle(
        endpointId,
        { type: 'DeleteWebhookEndpoint', data: { endpointId, tenantId }, metadata: metadata() },
        options,
      );
    },

    async rotateSecret(tenantId: string, endpointId: string, options: CommandOptions) {
      const secret = newEndpointSecret();
      const result = await endpoints.handle(
        endpointId,
        {
          type: 'RotateWebhookEndpointSecret',
          data: { endpointId, tenantId, secret: sealEndpointSecret(keyRing, endpointId, secret) },
          metadata: metadata(),
        },
        options,
      );
      return { result, secret };
    },
  };
}

export type EndpointCommands = ReturnType<typeof createEndpointCommands>;
