import { z } from 'zod';
import { booleanQuerySchema, pageQueryShape } from '../paging.js';
import { hasAtMostTwoDecimals, idSchema, isoDateTimeSchema } from '../common.js';
import { httpUrlSchema } from './tenant.js';
import {
  defaultSubscriptionPlan,
  startableSubscriptionStatuses,
  subscriptionPlans,
  subscriptionStatuses,
  type SubscriptionStatus,
} from './subscription-plans.js';

/**
 * SPEC.md §3 Subscription, §4 (status toggle, statuses offered when adding) and §7 subscription calls. The
 * metrics API key is write-only: reads say only whether one is configured (ARCHITECTURE.md "Decisions").
 */
export const subscriptionPlanSchema = z.enum(subscriptionPlans, {
  error: 'Plan must be basic, professional or enterprise',
});
export const subscriptionStatusSchema = z.enum(subscriptionStatuses);

/** POST /api/admin/tenants/:id/subscriptions. Defaults are the dialog's: professional, active. */
export const createSubscriptionBodySchema = z.strictObject({
  productId: z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? 'Select a product' : 'Must be a valid id (a UUID)',
  }),
  plan: subscriptionPlanSchema.default(defaultSubscriptionPlan),
  status: z
    .enum(startableSubscriptionStatuses, { error: 'Status must be active, trial or suspended' })
    .default('active'),
});
export type CreateSubscriptionBody = z.input<typeof createSubscriptionBodySchema>;

/**
 * POST /api/admin/subscriptions/:subscriptionId/cancel: at once with the admin's reason (kept on the event), or at
 * the end of the paid period as a customer would.
 */
export const adminCancelSubscriptionBodySchema = z.discriminatedUnion(
  'when',
  [
    z.strictObject({
      when: z.literal('now'),
      reason: z
        .string({ error: 'Say why it is cancelled' })
        .trim()
        .min(1, 'Say why it is cancelled')
        .max(500, 'The reason must be at most 500 characters'),
    }),
    z.strictObject({ when: z.literal('period-end') }),
  ],
  { error: 'when must be now (with a reason) or period-end' },
);
export type AdminCancelSubscriptionBody = z.input<typeof adminCancelSubscriptionBodySchema>;

/** The Deactivate/Activate button sends the status it wants: the toggle of the current one (SPEC.md §4). */
export const toggleSubscriptionStatusBodySchema = z.strictObject({
  status: z.enum(['active', 'cancelled'], { error: 'Status must be active or cancelled' }),
});

/** The row's Edit/Save: domain URL and metrics API key. Absent keeps a field; '' or null clears it. */
export const configureSubscriptionEndpointBodySchema = z
  .strictObject({
    domainUrl: httpUrlSchema('Domain URL'),
    /** Not trimmed: the key is compared byte for byte by the tenant's app. */
    metricsApiKey: z
      .string({ error: 'Metrics API key must be text' })
      .max(1024, 'Metrics API key must be at most 1024 characters')
      .transform((text) => (text === '' ? null : text))
      .nullable(),
  })
  .partial()
  .refine(
    (body) => body.domainUrl !== undefined || body.metricsApiKey !== undefined,
    'Nothing to update: send status, or domainUrl and metricsApiKey',
  );

/**
 * PATCH /api/admin/subscriptions/:subscriptionId (SPEC.md §7): status alone (the toggle), or the endpoint
 * fields (the row edit); never both, so each request is one decision with one success message.
 */
export const patchSubscriptionBodySchema = z.union(
  [toggleSubscriptionStatusBodySchema, configureSubscriptionEndpointBodySchema],
  { error: 'Send either status alone, or domainUrl and metricsApiKey' },
);
export type PatchSubscriptionBody = z.input<typeof patchSubscriptionBodySchema>;

export const subscriptionIdParamsSchema = z.strictObject({ subscriptionId: idSchema });

/** A subscription as the API returns it, with the product and tenant it belongs to; money in dollars. */
export const subscriptionSchema = z.object({
  id: idSchema,
  tenantId: idSchema,
  productId: idSchema,
  /** The product's name as tenancy last heard it; a deleted product keeps its last name. */
  productName: z.string(),
  plan: subscriptionPlanSchema,
  status: subscriptionStatusSchema,
  /** The monthly price agreed at the start; later catalogue price changes do not touch it. */
  amount: z.number().nonnegative().refine(hasAtMostTwoDecimals),
  domainUrl: z.string().nullable(),
  metricsApiKeyConfigured: z.boolean(),
  /**
   * Set to end when its paid period does ("Cancel subscription"): it stays as it is until then, is not renewed,
   * and then becomes cancelled. Billing's GET /api/billing/subscriptions says when.
   */
  cancelAtPeriodEnd: z.boolean(),
  product: z.object({ name: z.string(), basePrice: z.number().nonnegative(), color: z.string() }),
  tenant: z.object({ name: z.string() }),
  createdAt: isoDateTimeSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListSchema = z.array(subscriptionSchema);

/**
 * The subscription lists (GET /api/subscriptions, /api/admin/tenants/{id}/subscriptions and
 * /api/admin/products/{id}/subscriptions), newest first, filtered by `status` and `plan`; `live=true` leaves out
 * cancelled ones (product details' Active Subscriptions).
 */
export const subscriptionListQuerySchema = z.strictObject({
  ...pageQueryShape,
  status: subscriptionStatusSchema.optional().describe('Only subscriptions with this status'),
  plan: subscriptionPlanSchema.optional().describe('Only subscriptions on this plan'),
  live: booleanQuerySchema('live').optional().describe('true: only subscriptions that are not cancelled'),
});
export type SubscriptionListQuery = z.input<typeof subscriptionListQuerySchema>;

/** GET /api/admin/products/{id}/subscriptions/summary: how many subscriptions a product has, by status. */
export const subscriptionSummarySchema = z.object({
  totalSubscriptions: z.number().int().nonnegative(),
  liveSubscriptions: z.number().int().nonnegative(),
  byStatus: z.object(
    Object.fromEntries(
      subscriptionStatuses.map((status) => [status, z.number().int().nonnegative()]),
    ) as Record<SubscriptionStatus, z.ZodNumber>,
  ),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;
