import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { publishedEvents } from '../integration-envelope.js';
import { subscriptionPlanSchema, subscriptionStatusSchema } from './subscription.js';
import { tenantStatusSchema } from './tenant.js';

/**
 * What tenancy publishes on NATS (stream TENANCY, subjects `tenancy.>`), for identity (owned-tenant counts),
 * billing and monitoring. Secrets are never published (ARCHITECTURE.md "Messaging"): no provider credential
 * event crosses at all, and an endpoint change says only whether a metrics key is configured.
 */
export const tenantCreatedV1DataSchema = z.object({
  tenantId: idSchema,
  name: z.string(),
  slug: z.string(),
  ownerId: idSchema.nullable(),
  status: tenantStatusSchema,
  domainUrl: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});

/** The part that changed, like identity's `user.updated`: a consumer applies whichever fields are present. */
export const tenantUpdatedV1DataSchema = z
  .object({
    tenantId: idSchema,
    name: z.string().optional(),
    status: tenantStatusSchema.optional(),
    domainUrl: z.string().nullable().optional(),
    changedAt: isoDateTimeSchema,
  })
  .refine(
    (data) => data.name !== undefined || data.status !== undefined || data.domainUrl !== undefined,
    'name, status or domainUrl must be present',
  );

export const subscriptionStartedV1DataSchema = z.object({
  subscriptionId: idSchema,
  tenantId: idSchema,
  productId: idSchema,
  plan: subscriptionPlanSchema,
  status: subscriptionStatusSchema,
  amountCents: z.number().int().nonnegative(),
  startedAt: isoDateTimeSchema,
});

export const subscriptionStatusChangedV1DataSchema = z.object({
  subscriptionId: idSchema,
  tenantId: idSchema,
  productId: idSchema,
  previousStatus: subscriptionStatusSchema,
  status: subscriptionStatusSchema,
  changedAt: isoDateTimeSchema,
  /** Added later, absent on older messages: why, when someone said (an admin's reason, a term that ended). */
  reason: z.string().optional(),
});

/** The subscription ends when its paid period does; until then it stays as it is, and is not renewed. */
export const subscriptionCancellationScheduledV1DataSchema = z.object({
  subscriptionId: idSchema,
  tenantId: idSchema,
  productId: idSchema,
  scheduledAt: isoDateTimeSchema,
});

/** The pending cancellation is withdrawn ("Resume"): it renews as before. */
export const subscriptionCancellationWithdrawnV1DataSchema = z.object({
  subscriptionId: idSchema,
  tenantId: idSchema,
  productId: idSchema,
  withdrawnAt: isoDateTimeSchema,
});

/** The plan changed, on billing's word (billing.subscription.plan-changed.v1): the new plan and monthly price. */
export const subscriptionPlanChangedV1DataSchema = z.object({
  subscriptionId: idSchema,
  tenantId: idSchema,
  productId: idSchema,
  previousPlan: subscriptionPlanSchema,
  plan: subscriptionPlanSchema,
  previousAmountCents: z.number().int().nonnegative(),
  amountCents: z.number().int().nonnegative(),
  changedAt: isoDateTimeSchema,
});

export const subscriptionEndpointConfiguredV1DataSchema = z.strictObject({
  subscriptionId: idSchema,
  tenantId: idSchema,
  productId: idSchema,
  domainUrl: z.string().nullable(),
  metricsApiKeyConfigured: z.boolean(),
  configuredAt: isoDateTimeSchema,
});

const tenancy = publishedEvents({
  tenantCreated: ['tenancy.tenant.created.v1', tenantCreatedV1DataSchema],
  tenantUpdated: ['tenancy.tenant.updated.v1', tenantUpdatedV1DataSchema],
  subscriptionStarted: ['tenancy.subscription.started.v1', subscriptionStartedV1DataSchema],
  subscriptionStatusChanged: [
    'tenancy.subscription.status-changed.v1',
    subscriptionStatusChangedV1DataSchema,
  ],
  subscriptionEndpointConfigured: [
    'tenancy.subscription.endpoint-configured.v1',
    subscriptionEndpointConfiguredV1DataSchema,
  ],
  subscriptionCancellationScheduled: [
    'tenancy.subscription.cancellation-scheduled.v1',
    subscriptionCancellationScheduledV1DataSchema,
  ],
  subscriptionCancellationWithdrawn: [
    'tenancy.subscription.cancellation-withdrawn.v1',
    subscriptionCancellationWithdrawnV1DataSchema,
  ],
  subscriptionPlanChanged: ['tenancy.subscription.plan-changed.v1', subscriptionPlanChangedV1DataSchema],
});

export const tenancySubjects = tenancy.subjects;
export const {
  tenantCreated: tenancyTenantCreatedV1,
  tenantUpdated: tenancyTenantUpdatedV1,
  subscriptionStarted: tenancySubscriptionStartedV1,
  subscriptionStatusChanged: tenancySubscriptionStatusChangedV1,
  subscriptionEndpointConfigured: tenancySubscriptionEndpointConfiguredV1,
  subscriptionCancellationScheduled: tenancySubscriptionCancellationScheduledV1,
  subscriptionCancellationWithdrawn: tenancySubscriptionCancellationWithdrawnV1,
  subscriptionPlanChanged: tenancySubscriptionPlanChangedV1,
} = tenancy.schemas;
export const tenancyIntegrationEventSchema = tenancy.union;
export type TenancyIntegrationEvent = z.infer<typeof tenancyIntegrationEventSchema>;

/** The JetStream stream tenancy owns. */
export const tenancyStream = { name: 'TENANCY', subjects: ['tenancy.>'] } as const;
