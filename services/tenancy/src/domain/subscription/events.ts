import { z } from 'zod';
import { eventTypesOf } from '@app/domain';
import {
  idSchema,
  isoDateTimeSchema,
  subscriptionPlanSchema,
  subscriptionStatusSchema,
} from '@app/contracts';
import { sealedSecretSchema } from '@app/secrets/sealed-secret';

/**
 * Tenancy's stored subscription events (stream `tenancy_subscription-<id>`), private to it: what other services
 * see is the published `tenancy.subscription.*.v1` contract in @app/contracts. Each carries the tenant and
 * product ids, so a projection keeps per-tenant and per-product counts without reading another stream. The
 * metrics API key enters only sealed, bound to `subscription:<id>:metricsApiKey`. Money is integer cents.
 */
const subscriptionStartedSchema = z.object({
  type: z.literal('SubscriptionStarted'),
  data: z.object({
    subscriptionId: idSchema,
    tenantId: idSchema,
    productId: idSchema,
    plan: subscriptionPlanSchema,
    status: subscriptionStatusSchema,
    amountCents: z.number().int().nonnegative(),
    startedAt: isoDateTimeSchema,
  }),
});

const subscriptionStatusChangedSchema = z.object({
  type: z.literal('SubscriptionStatusChanged'),
  data: z.object({
    subscriptionId: idSchema,
    tenantId: idSchema,
    productId: idSchema,
    previousStatus: subscriptionStatusSchema,
    status: subscriptionStatusSchema,
    changedAt: isoDateTimeSchema,
    /** Why, when someone said: an admin's reason for cancelling at once, or the end of a cancelled term. */
    reason: z.string().optional(),
  }),
});

/** The customer (or an admin for them) asked to end it when its paid period ends: no renewal is charged. */
const subscriptionCancellationScheduledSchema = z.object({
  type: z.literal('SubscriptionCancellationScheduled'),
  data: z.object({
    subscriptionId: idSchema,
    tenantId: idSchema,
    productId: idSchema,
    scheduledAt: isoDateTimeSchema,
  }),
});

/** "Resume" before the period ended: it renews as before. */
const subscriptionCancellationWithdrawnSchema = z.object({
  type: z.literal('SubscriptionCancellationWithdrawn'),
  data: z.object({
    subscriptionId: idSchema,
    tenantId: idSchema,
    productId: idSchema,
    withdrawnAt: isoDateTimeSchema,
  }),
});

/** Billing changed the plan (an upgrade paid for, or a downgrade at its renewal): the price from `changedAt` on. */
const subscriptionPlanChangedSchema = z.object({
  type: z.literal('SubscriptionPlanChanged'),
  data: z.object({
    subscriptionId: idSchema,
    tenantId: idSchema,
    productId: idSchema,
    previousPlan: subscriptionPlanSchema,
    plan: subscriptionPlanSchema,
    previousAmountCents: z.number().int().nonnegative(),
    amountCents: z.number().int().nonnegative(),
    changedAt: isoDateTimeSchema,
  }),
});

/** Both endpoint fields after the change, whole. */
const subscriptionEndpointConfiguredSchema = z.object({
  type: z.literal('SubscriptionEndpointConfigured'),
  data: z.object({
    subscriptionId: idSchema,
    tenantId: idSchema,
    productId: idSchema,
    domainUrl: z.string().nullable(),
    metricsApiKey: sealedSecretSchema.nullable(),
    configuredAt: isoDateTimeSchema,
  }),
});

export const subscriptionEventSchema = z.discriminatedUnion('type', [
  subscriptionStartedSchema,
  subscriptionStatusChangedSchema,
  subscriptionEndpointConfiguredSchema,
  subscriptionCancellationScheduledSchema,
  subscriptionCancellationWithdrawnSchema,
  subscriptionPlanChangedSchema,
]);

export type SubscriptionEvent = z.infer<typeof subscriptionEventSchema>;
export const subscriptionEventTypes = eventTypesOf(subscriptionEventSchema);
