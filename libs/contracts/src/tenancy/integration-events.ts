import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { integrationEventSchema } from '../integration-envelope.js';
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
});

export const subscriptionEndpointConfiguredV1DataSchema = z.strictObject({
  subscriptionId: idSchema,
  tenantId: idSchema,
  productId: idSchema,
  domainUrl: z.string().nullable(),
  metricsApiKeyConfigured: z.boolean(),
  configuredAt: isoDateTimeSchema,
});

export const tenancySubjects = {
  tenantCreated: 'tenancy.tenant.created.v1',
  tenantUpdated: 'tenancy.tenant.updated.v1',
  subscriptionStarted: 'tenancy.subscription.started.v1',
  subscriptionStatusChanged: 'tenancy.subscription.status-changed.v1',
  subscriptionEndpointConfigured: 'tenancy.subscription.endpoint-configured.v1',
} as const;

export const tenancyTenantCreatedV1 = integrationEventSchema(
  tenancySubjects.tenantCreated,
  tenantCreatedV1DataSchema,
);
export const tenancyTenantUpdatedV1 = integrationEventSchema(
  tenancySubjects.tenantUpdated,
  tenantUpdatedV1DataSchema,
);
export const tenancySubscriptionStartedV1 = integrationEventSchema(
  tenancySubjects.subscriptionStarted,
  subscriptionStartedV1DataSchema,
);
export const tenancySubscriptionStatusChangedV1 = integrationEventSchema(
  tenancySubjects.subscriptionStatusChanged,
  subscriptionStatusChangedV1DataSchema,
);
export const tenancySubscriptionEndpointConfiguredV1 = integrationEventSchema(
  tenancySubjects.subscriptionEndpointConfigured,
  subscriptionEndpointConfiguredV1DataSchema,
);

export const tenancyIntegrationEventSchema = z.discriminatedUnion('type', [
  tenancyTenantCreatedV1,
  tenancyTenantUpdatedV1,
  tenancySubscriptionStartedV1,
  tenancySubscriptionStatusChangedV1,
  tenancySubscriptionEndpointConfiguredV1,
]);
export type TenancyIntegrationEvent = z.infer<typeof tenancyIntegrationEventSchema>;

/** The JetStream stream tenancy owns. */
export const tenancyStream = { name: 'TENANCY', subjects: ['tenancy.>'] } as const;
