import { IllegalStateError, NotFoundError, ValidationError, assertNever, type Decider } from '@app/domain';
import { isWebhookEventType } from '../event-types.js';
import type {
  ChangeWebhookEndpointEventTypes,
  DeleteWebhookEndpoint,
  DisableWebhookEndpoint,
  EnableWebhookEndpoint,
  MarkWebhookEndpointFailing,
  RegisterWebhookEndpoint,
  ResealWebhookEndpointSecrets,
  RotateWebhookEndpointSecret,
  WebhookEndpointCommand,
} from './commands.js';
import type { WebhookEndpointEvent } from './events.js';
import { evolve, initialState, type WebhookEndpointState } from './endpoint.js';

export const endpointNotFound = 'Webhook endpoint not found';

/** How long a rotated-out secret keeps signing, so receivers can switch without losing a message (issue 20). */
export const previousSecretValidityMs = 24 * 60 * 60 * 1000;

type ExistingEndpoint = Exclude<WebhookEndpointState, { status: 'absent' | 'deleted' }>;

/**
 * Another tenant's endpoint is as absent as one never registered: its existence is not disclosed. A deleted one
 * is absent too, so a second delete is a 404 as for any other removed resource.
 */
function existing(state: WebhookEndpointState, tenantId: string): ExistingEndpoint {
  if (state.status === 'absent' || state.status === 'deleted' || state.tenantId !== tenantId) {
    throw new NotFoundError(endpointNotFound);
  }
  return state;
}

/** The list as it is kept: each type once, in the order given, every one of them offered. */
function checkedEventTypes(eventTypes: string[]): string[] {
  const unique = [...new Set(eventTypes)];
  if (unique.length === 0) {
    throw new ValidationError('Choose at least one event type', [
      { path: 'eventTypes', message: 'Choose at least one event type' },
    ]);
  }
  const unknown = unique.filter((type) => !isWebhookEventType(type));
  if (unknown.length > 0) {
    const message = `Unknown event type: ${unknown.join(', ')}`;
    throw new ValidationError(message, [{ path: 'eventTypes', message }]);
  }
  return unique;
}

function register(command: RegisterWebhookEndpoint, state: WebhookEndpointState): WebhookEndpointEvent[] {
  if (state.status !== 'absent')
    throw new IllegalStateError('A webhook endpoint with this id already exists');
  const { endpointId, tenantId, url, eventTypes, secret } = command.data;
  const registeredAt = command.metadata.now;
  return [
    {
      type: 'WebhookEndpointRegistered',
      data: { endpointId, tenantId, url, eventTypes: checkedEventTypes(eventTypes), secret, registeredAt },
    },
  ];
}

/** Saving the same choice again records nothing. */
function changeEventTypes(
  command: ChangeWebhookEndpointEventTypes,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] {
  const endpoint = existing(state, command.data.tenantId);
  const eventTypes = checkedEventTypes(command.data.eventTypes);
  if (sameSet(eventTypes, endpoint.eventTypes)) return [];
  const { endpointId } = command.data;
  return [
    {
      type: 'WebhookEndpointEventTypesChanged',
      data: { endpointId, eventTypes, changedAt: command.metadata.now },
    },
  ];
}

function enable(command: EnableWebhookEndpoint, state: WebhookEndpointState): WebhookEndpointEvent[] {
  if (existing(state, command.data.tenantId).status === 'enabled') return [];
  return [
    {
      type: 'WebhookEndpointEnabled',
      data: { endpointId: command.data.endpointId, enabledAt: command.metadata.now },
    },
  ];
}

function disable(command: DisableWebhookEndpoint, state: WebhookEndpointState): WebhookEndpointEvent[] {
  if (existing(state, command.data.tenantId).status === 'disabled') return [];
  return [
    {
      type: 'WebhookEndpointDisabled',
      data: { endpointId: command.data.endpointId, disabledAt: command.metadata.now },
    },
  ];
}

function remove(command: DeleteWebhookEndpoint, state: WebhookEndpointState): WebhookEndpointEvent[] {
  existing(state, command.data.tenantId);
  return [
    {
      type: 'WebhookEndpointDeleted',
      data: { endpointId: command.data.endpointId, deletedAt: command.metadata.now },
    },
  ];
}

/** A second rotation within the 24 hours drops the oldest secret: only the last two ever sign. */
function rotate(command: RotateWebhookEndpointSecret, state: WebhookEndpointState): WebhookEndpointEvent[] {
  existing(state, command.data.tenantId);
  const { endpointId, secret } = command.data;
  const rotatedAt = command.metadata.now;
  const previousExpiresAt = new Date(Date.parse(rotatedAt) + previousSecretValidityMs).toISOString();
  return [
    { type: 'WebhookEndpointSecretRotated', data: { endpointId, secret, previousExpiresAt, rotatedAt } },
  ];
}

/**
 * Only an enabled endpoint turns failing, once: the retries of several messages run out one after another, and
 * the owner is told once. A disabled endpoint stays as its owner left it.
 */
function markFailing(
  command: MarkWebhookEndpointFailing,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] {
  if (existing(state, command.data.tenantId).status !== 'enabled') return [];
  const { endpointId, messageId, reason, failingSince } = command.data;
  return [
    {
      type: 'WebhookEndpointMarkedFailing',
      data: { endpointId, messageId, reason, failingSince, markedAt: command.metadata.now },
    },
  ];
}

/** Nothing to reseal records nothing; a previous secret is resealed only while there is one. */
function reseal(command: ResealWebhookEndpointSecrets, state: WebhookEndpointState): WebhookEndpointEvent[] {
  const endpoint = existing(state, command.data.tenantId);
  const { endpointId, secret } = command.data;
  const previousSecret = endpoint.previousSecret === null ? undefined : command.data.previousSecret;
  if (secret === undefined && previousSecret === undefined) return [];
  return [
    {
      type: 'WebhookEndpointSecretsResealed',
      data: {
        endpointId,
        ...(secret === undefined ? {} : { secret }),
        ...(previousSecret === undefined ? {} : { previousSecret }),
        resealedAt: command.metadata.now,
      },
    },
  ];
}

export function decide(command: WebhookEndpointCommand, state: WebhookEndpointState): WebhookEndpointEvent[] {
  switch (command.type) {
    case 'RegisterWebhookEndpoint':
      return register(command, state);
    case 'ChangeWebhookEndpointEventTypes':
      return changeEventTypes(command, state);
    case 'EnableWebhookEndpoint':
      return enable(command, state);
    case 'DisableWebhookEndpoint':
      return disable(command, state);
    case 'DeleteWebhookEndpoint':
      return remove(command, state);
    case 'RotateWebhookEndpointSecret':
      return rotate(command, state);
    case 'MarkWebhookEndpointFailing':
      return markFailing(command, state);
    case 'ResealWebhookEndpointSecrets':
      return reseal(command, state);
    default:
      return assertNever(command);
  }
}

export const webhookEndpointDecider: Decider<
  WebhookEndpointState,
  WebhookEndpointCommand,
  WebhookEndpointEvent
> = {
  initialState,
  evolve,
  decide,
};

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((type) => b.includes(type));
}
