import type { SealedSecret } from '@app/secrets/sealed-secret';

/** Time comes with the command (STYLE.md "Domain"): decide has no clock. */
interface CommandMetadata {
  now: string;
}

/**
 * Every command names the tenant it acts for (the owner's own, or the one in an admin's URL): an endpoint of
 * another tenant is not found, so one tenant can neither see nor change another's endpoints.
 */
interface EndpointTarget {
  endpointId: string;
  tenantId: string;
}

/**
 * The id is made and the signing secret generated and sealed for `webhook-endpoint:<id>:secret` before: the
 * decider never holds a secret in clear. The URL is checked by the route (http or https); whether it may be
 * reached is the SSRF guard's call at each delivery, as DNS may change.
 */
export interface RegisterWebhookEndpoint {
  type: 'RegisterWebhookEndpoint';
  data: EndpointTarget & { url: string; eventTypes: string[]; secret: SealedSecret };
  metadata: CommandMetadata;
}

export interface ChangeWebhookEndpointEventTypes {
  type: 'ChangeWebhookEndpointEventTypes';
  data: EndpointTarget & { eventTypes: string[] };
  metadata: CommandMetadata;
}

/** Also how a failing endpoint is taken back into service once its owner has fixed it. */
export interface EnableWebhookEndpoint {
  type: 'EnableWebhookEndpoint';
  data: EndpointTarget;
  metadata: CommandMetadata;
}

export interface DisableWebhookEndpoint {
  type: 'DisableWebhookEndpoint';
  data: EndpointTarget;
  metadata: CommandMetadata;
}

/**
 * The endpoint is gone for good: it receives nothing more, leaves its tenant's list, and its pending deliveries
 * are not sent. Its stream, the audit trail's record of it, stays.
 */
export interface DeleteWebhookEndpoint {
  type: 'DeleteWebhookEndpoint';
  data: EndpointTarget;
  metadata: CommandMetadata;
}

/** The new secret, sealed before; the one it replaces keeps signing for 24 hours. */
export interface RotateWebhookEndpointSecret {
  type: 'RotateWebhookEndpointSecret';
  data: EndpointTarget & { secret: SealedSecret };
  metadata: CommandMetadata;
}

/**
 * Sent by the delivery worker when a message's retry schedule ran out without a 2xx answer: the last attempt's
 * reason, and when the schedule's first attempt failed.
 */
export interface MarkWebhookEndpointFailing {
  type: 'MarkWebhookEndpointFailing';
  data: EndpointTarget & { messageId: string; reason: string; failingSince: string };
  metadata: CommandMetadata;
}

/**
 * The seals of the secrets an older key sealed, made again under the newest key before (the decider never opens
 * a secret): the current one, the previous one while it still signs, or both.
 */
export interface ResealWebhookEndpointSecrets {
  type: 'ResealWebhookEndpointSecrets';
  data: EndpointTarget & { secret?: SealedSecret; previousSecret?: SealedSecret };
  metadata: CommandMetadata;
}

export type WebhookEndpointCommand =
  | RegisterWebhookEndpoint
  | ChangeWebhookEndpointEventTypes
  | EnableWebhookEndpoint
  | DisableWebhookEndpoint
  | DeleteWebhookEndpoint
  | RotateWebhookEndpointSecret
  | MarkWebhookEndpointFailing
  | ResealWebhookEndpointSecrets;
