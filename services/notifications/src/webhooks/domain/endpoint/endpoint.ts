import type { SealedSecret } from '@app/secrets/sealed-secret';
import type { WebhookEndpointEvent } from './events.js';

/**
 * Enabled endpoints receive deliveries; disabled ones do not, by their owner's choice; failing ones do not
 * either, since a message's retries ran out (3 days without a 2xx), until their owner enables them again, as
 * Stripe disables an endpoint that keeps failing rather than piling days of messages on it.
 */
export type WebhookEndpointStatus = 'enabled' | 'disabled' | 'failing';

/**
 * A deleted endpoint keeps its facts, so the delivery worker can say why a pending delivery was not sent and the
 * audit trail can name it; every command but a registration finds it absent.
 */
export type WebhookEndpointStateStatus = WebhookEndpointStatus | 'deleted';

export interface WebhookEndpointFacts {
  endpointId: string;
  tenantId: string;
  url: string;
  eventTypes: string[];
  secret: SealedSecret;
  /** The secret a rotation replaced, signing beside the new one until it expires. */
  previousSecret: { secret: SealedSecret; expiresAt: string } | null;
  registeredAt: string;
}

export type WebhookEndpointState =
  { status: 'absent' } | ({ status: WebhookEndpointStateStatus } & WebhookEndpointFacts);

export const initialState = (): WebhookEndpointState => ({ status: 'absent' });

export function evolve(state: WebhookEndpointState, event: WebhookEndpointEvent): WebhookEndpointState {
  if (event.type === 'WebhookEndpointRegistered') {
    const { endpointId, tenantId, url, eventTypes, secret, registeredAt } = event.data;
    return {
      status: 'enabled',
      endpointId,
      tenantId,
      url,
      eventTypes,
      secret,
      previousSecret: null,
      registeredAt,
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'WebhookEndpointEventTypesChanged':
      return { ...state, eventTypes: event.data.eventTypes };
    case 'WebhookEndpointEnabled':
      return { ...state, status: 'enabled' };
    case 'WebhookEndpointDisabled':
      return { ...state, status: 'disabled' };
    case 'WebhookEndpointDeleted':
      return { ...state, status: 'deleted' };
    case 'WebhookEndpointSecretRotated':
      return {
        ...state,
        secret: event.data.secret,
        previousSecret: { secret: state.secret, expiresAt: event.data.previousExpiresAt },
      };
    case 'WebhookEndpointMarkedFailing':
      return { ...state, status: 'failing' };
    case 'WebhookEndpointSecretsResealed': {
      const { secret, previousSecret } = event.data;
      const previous = state.previousSecret;
      return {
        ...state,
        secret: secret ?? state.secret,
        previousSecret:
          previous !== null && previousSecret !== undefined
            ? { ...previous, secret: previousSecret }
            : previous,
      };
    }
  }
}

/** The secrets a delivery made at `now` is signed with: the current one, and the previous one until it expires. */
export function signingSecrets(state: WebhookEndpointFacts, now: string): SealedSecret[] {
  const previous = state.previousSecret;
  const stillValid = previous !== null && Date.parse(now) < Date.parse(previous.expiresAt);
  return stillValid ? [state.secret, previous.secret] : [state.secret];
}

/** Whether a new message of this type is delivered to the endpoint. */
export function receives(state: WebhookEndpointState, eventType: string): boolean {
  return state.status === 'enabled' && state.eventTypes.includes(eventType);
}
