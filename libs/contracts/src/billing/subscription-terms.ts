import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { subscriptionStatusSchema } from '../tenancy/subscription.js';
import { scheduledPlanChangeSchema } from './plan-change.js';

/** At most this many ids per request: a page of a subscription list (ARCHITECTURE.md "Decisions for growth"). */
export const maxSubscriptionTermIds = 200;

/**
 * GET /api/billing/subscriptions?ids=… (the caller's own) and /api/admin/billing/subscriptions?ids=… (any): the
 * billing terms of the subscriptions a screen shows, by id, comma-separated.
 */
export const subscriptionTermsQuerySchema = z.strictObject({
  ids: z
    .string({ error: 'ids must list subscription ids, separated by commas' })
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim()))])
    .pipe(
      z
        .array(idSchema, { error: 'ids must list subscription ids, separated by commas' })
        .min(1, 'ids must list at least one subscription id')
        .max(maxSubscriptionTermIds, `ids lists at most ${maxSubscriptionTermIds} subscriptions`),
    ),
});
export type SubscriptionTermsQuery = z.input<typeof subscriptionTermsQuerySchema>;

/**
 * Where a subscription stands in its billing: when the period running now ends, whether it renews then, and, when
 * it is set to cancel at period end, when service ends. Those billing has never heard of are left out.
 */
export const subscriptionTermSchema = z.object({
  subscriptionId: idSchema,
  status: subscriptionStatusSchema,
  /** The end of the period running now (a trial's end during a trial); null once cancelled. */
  currentPeriodEnd: isoDateTimeSchema.nullable(),
  /** When the next renewal is charged; null when none will be (set to cancel, cancelled, or nothing to charge). */
  renewsAt: isoDateTimeSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** When service ends, for one set to cancel at period end; null otherwise. */
  endsAt: isoDateTimeSchema.nullable(),
  /** A downgrade waiting for the next renewal; null when none is. */
  scheduledPlanChange: scheduledPlanChangeSchema.nullable(),
});
export type SubscriptionTerm = z.infer<typeof subscriptionTermSchema>;
export const subscriptionTermListSchema = z.array(subscriptionTermSchema);
