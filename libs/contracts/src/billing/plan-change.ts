import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { subscriptionPlanSchema } from '../tenancy/subscription.js';

/**
 * Changing a subscription's plan (issue 19; README "Plan changes"): an upgrade takes effect at once and charges the
 * prorated difference for the rest of the period to the card on file; a downgrade takes effect at the next renewal.
 * Routes: GET/POST /api/billing/subscriptions/:id/plan and POST …/plan/complete (the caller's own), and
 * GET/POST /api/admin/billing/subscriptions/:id/plan (any). Money is in dollars, as everywhere in the API.
 */
export const planChangeParamsSchema = z.strictObject({ id: idSchema });

/** GET …/plan?plan=enterprise: what the change would do now, shown before the customer confirms. */
export const planChangeQuerySchema = z.strictObject({ plan: subscriptionPlanSchema });

/**
 * POST …/plan. `quotedAt` is the `quotedAt` of the preview the customer confirmed: an upgrade confirmed within
 * `planChangeQuoteMinutes` of it is prorated from that moment, so the charge is exactly the amount shown.
 */
export const planChangeBodySchema = z.strictObject({
  plan: subscriptionPlanSchema,
  quotedAt: isoDateTimeSchema.optional(),
});
export type PlanChangeBody = z.input<typeof planChangeBodySchema>;

/** How long a preview's amount holds. */
export const planChangeQuoteMinutes = 15;

/**
 * - `upgrade`: at once; `chargeNow` is the prorated difference for the rest of the period (0 when it is below the
 *   card minimum and waived, or during a trial).
 * - `downgrade`: at `effectiveAt`, the next renewal, which bills the new price; nothing is charged or refunded now.
 * - `withdraw`: back to the current plan while a downgrade is scheduled: the scheduled change is dropped.
 */
export const planChangePreviewSchema = z.object({
  subscriptionId: idSchema,
  kind: z.enum(['upgrade', 'downgrade', 'withdraw']),
  fromPlan: subscriptionPlanSchema,
  plan: subscriptionPlanSchema,
  /** The monthly price now and on the new plan. */
  currentAmount: z.number().nonnegative(),
  amount: z.number().nonnegative(),
  chargeNow: z.number().nonnegative(),
  /** When the new plan applies: now for an upgrade, the next renewal for a downgrade. */
  effectiveAt: isoDateTimeSchema,
  /** The end of the period running now, up to which an upgrade is prorated. */
  periodEnd: isoDateTimeSchema,
  quotedAt: isoDateTimeSchema,
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

/** The change made. A declined upgrade charge is a 402 problem with the card issuer's words, and nothing changes. */
export const planChangeReplySchema = z.object({
  subscriptionId: idSchema,
  outcome: z.enum(['changed', 'scheduled', 'withdrawn']),
  plan: subscriptionPlanSchema,
  amount: z.number().nonnegative(),
  charged: z.number().nonnegative(),
  /** The prorated invoice of an upgrade that charged something. */
  invoiceId: idSchema.nullable(),
  effectiveAt: isoDateTimeSchema,
});
export type PlanChangeReply = z.infer<typeof planChangeReplySchema>;

/**
 * 202 from POST …/plan (or …/plan/complete): the card's bank asks the customer for 3-D Secure. The page completes
 * the step with Stripe.js (`handleNextAction` with `clientSecret`), then POSTs …/plan/complete, which answers as the
 * change did. A step not completed within 30 minutes is cancelled, and nothing changes.
 */
export const planChangeAuthenticationSchema = z.object({
  subscriptionId: idSchema,
  outcome: z.literal('requires-action'),
  clientSecret: z.string().min(1),
});
export type PlanChangeAuthentication = z.infer<typeof planChangeAuthenticationSchema>;

/** A downgrade waiting for the next renewal, as GET /api/billing/subscriptions shows it. */
export const scheduledPlanChangeSchema = z.object({
  plan: subscriptionPlanSchema,
  amount: z.number().nonnegative(),
  effectiveAt: isoDateTimeSchema,
});
export type ScheduledPlanChange = z.infer<typeof scheduledPlanChangeSchema>;
