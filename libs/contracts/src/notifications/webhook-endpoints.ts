import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';

/**
 * Notifications' webhook endpoint routes (issue 20): a tenant's owner under `/api/tenant-webhooks/{tenantId}/…`,
 * an admin under `/api/admin/tenants/{tenantId}/webhooks/…`. Not `/api/webhooks/…`: that is billing's public
 * Stripe webhook prefix.
 */

export const webhookEndpointStatusSchema = z.enum(['enabled', 'disabled', 'failing']);

/** Which events an endpoint receives, by subject; notifications says which it offers (400 for another). */
const eventTypesSchema = z.array(z.string().min(1).max(100)).min(1, 'Choose at least one event type').max(50);

/** Where deliveries go: http(s) only; whether it may be reached is the SSRF guard's call at each delivery. */
const endpointUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Must be an http:// or https:// URL' })
  .max(2_048, 'Must be at most 2048 characters');

export const webhookTenantParamsSchema = z.object({ tenantId: idSchema });
export const webhookEndpointParamsSchema = z.object({ tenantId: idSchema, endpointId: idSchema });

export const registerWebhookEndpointSchema = z.strictObject({
  url: endpointUrlSchema,
  eventTypes: eventTypesSchema,
});
export type RegisterWebhookEndpointRequest = z.infer<typeof registerWebhookEndpointSchema>;

export const changeWebhookEndpointEventTypesSchema = z.strictObject({ eventTypes: eventTypesSchema });

/** An endpoint as listed: never its secret. */
export const webhookEndpointSchema = z.object({
  id: idSchema,
  tenantId: idSchema,
  url: z.string(),
  eventTypes: z.array(z.string()),
  status: webhookEndpointStatusSchema,
  registeredAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to a registration or a rotation: the signing secret, shown this once and never again. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const webhookDeliveryParamsSchema = webhookEndpointParamsSchema.extend({ deliveryId: idSchema });

/** One attempt of a delivery, as the delivery log shows it. */
export const webhookDeliveryAttemptSchema = z.object({
  attempt: z.number().int(),
  attemptedAt: isoDateTimeSchema,
  outcome: z.enum(['delivered', 'failed']),
  /** Null when no answer came (refused, unreachable, timed out). */
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  responseExcerpt: z.string(),
  reason: z.string().nullable(),
});

/** One event owed to an endpoint: `pending` (due at `nextAttemptAt`), `delivered` or `failed`. */
export const webhookDeliverySchema = z.object({
  id: idSchema,
  endpointId: idSchema,
  /** The integration event's id, sent as `webhook-id`. */
  messageId: idSchema,
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  nextAttemptAt: isoDateTimeSchema.nullable(),
  lastError: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  attempts: z.array(webhookDeliveryAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

/** A tenant whose webhook endpoints the caller manages, as the owner's API & Webhooks page picks it. */
export const webhookTenantSchema = z.object({ id: idSchema, name: z.string() });
export type WebhookTenant = z.infer<typeof webhookTenantSchema>;

export const webhookTenantListSchema = z.object({ tenants: z.array(webhookTenantSchema) });
export type WebhookTenantList = z.infer<typeof webhookTenantListSchema>;
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
