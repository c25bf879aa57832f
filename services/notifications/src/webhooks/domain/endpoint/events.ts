import { z } from 'zod';
import { eventTypesOf } from '@app/domain';
import { idSchema, isoDateTimeSchema } from '@app/contracts';
import { sealedSecretSchema } from '@app/secrets/sealed-secret';

/**
 * Notifications' stored webhook endpoint events (stream `notifications_webhookendpoint-<id>`), private to it.
 * Signing secrets enter only sealed (AES-256-GCM via @app/secrets, bound to `webhook-endpoint:<id>:secret`), as
 * tenancy's credentials do, so the event store never holds one in clear. A stored type never changes
 * incompatibly: a breaking change adds `<Type>.v2` and an upcaster.
 */
const registeredSchema = z.object({
  type: z.literal('WebhookEndpointRegistered'),
  data: z.object({
    endpointId: idSchema,
    tenantId: idSchema,
    url: z.string(),
    eventTypes: z.array(z.string()),
    secret: sealedSecretSchema,
    registeredAt: isoDateTimeSchema,
  }),
});

/** The whole list after the change, so a reader never needs the one before. */
const eventTypesChangedSchema = z.object({
  type: z.literal('WebhookEndpointEventTypesChanged'),
  data: z.object({ endpointId: idSchema, eventTypes: z.array(z.string()), changedAt: isoDateTimeSchema }),
});

const enabledSchema = z.object({
  type: z.literal('WebhookEndpointEnabled'),
  data: z.object({ endpointId: idSchema, enabledAt: isoDateTimeSchema }),
});

const disabledSchema = z.object({
  type: z.literal('WebhookEndpointDisabled'),
  data: z.object({ endpointId: idSchema, disabledAt: isoDateTimeSchema }),
});

const deletedSchema = z.object({
  type: z.literal('WebhookEndpointDeleted'),
  data: z.object({ endpointId: idSchema, deletedAt: isoDateTimeSchema }),
});

/** The secret it replaces is the one before it on the stream; it keeps signing until `previousExpiresAt`. */
const secretRotatedSchema = z.object({
  type: z.literal('WebhookEndpointSecretRotated'),
  data: z.object({
    endpointId: idSchema,
    secret: sealedSecretSchema,
    previousExpiresAt: isoDateTimeSchema,
    rotatedAt: isoDateTimeSchema,
  }),
});

/**
 * The message whose retries ran out, why its last attempt failed, and since when it had been failing (its
 * schedule's first attempt): what the owner's email says. `failingSince` is absent from events stored before it
 * was recorded; readers fall back to `markedAt`.
 */
const markedFailingSchema = z.object({
  type: z.literal('WebhookEndpointMarkedFailing'),
  data: z.object({
    endpointId: idSchema,
    messageId: z.string(),
    reason: z.string(),
    failingSince: isoDateTimeSchema.optional(),
    markedAt: isoDateTimeSchema,
  }),
});

/**
 * The endpoint's signing secrets sealed again under the key ring's newest key (the reseal after a key rotation,
 * docs/operations.md): each one given replaces its seal, the same secret in clear; one left out is unchanged.
 */
const secretsResealedSchema = z.object({
  type: z.literal('WebhookEndpointSecretsResealed'),
  data: z.object({
    endpointId: idSchema,
    secret: sealedSecretSchema.optional(),
    previousSecret: sealedSecretSchema.optional(),
    resealedAt: isoDateTimeSchema,
  }),
});

export const webhookEndpointEventSchema = z.discriminatedUnion('type', [
  registeredSchema,
  eventTypesChangedSchema,
  enabledSchema,
  disabledSchema,
  deletedSchema,
  secretRotatedSchema,
  markedFailingSchema,
  secretsResealedSchema,
]);

export type WebhookEndpointEvent = z.infer<typeof webhookEndpointEventSchema>;
export const webhookEndpointEventTypes = eventTypesOf(webhookEndpointEventSchema);
