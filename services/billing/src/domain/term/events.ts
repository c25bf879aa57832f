import { z } from 'zod';
import { eventTypesOf } from '@app/domain';
import { idSchema, isoDateTimeSchema, subscriptionPlanSchema } from '@app/contracts';

/**
 * Billing's stored term events (stream `billing_term-<subscriptionId>`), private to it: what a subscription is
 * billed and until when. The end of the paid term of a subscription set to cancel at period end, decided by the
 * renewal runner at the moment the next renewal would have been issued; and its plan changes (README "Plan
 * changes"): an upgrade's charge begun and its outcome, a downgrade scheduled for the next renewal or withdrawn, and
 * each change made; and each renewal announced 3 days ahead (README "Renewal reminders"). Others see
 * billing.subscription.term-ended.v1, billing.subscription.plan-changed.v1 and
 * billing.subscription.renewal-upcoming.v1.
 */
const subscriptionRef = { subscriptionId: idSchema, tenantId: idSchema, productId: idSchema };
const cents = z.number().int().nonnegative();

const termEndedSchema = z.object({
  type: z.literal('TermEnded'),
  data: z.object({
    ...subscriptionRef,
    /** When the paid term ran out: the anniversary (or trial end) after the cancellation was asked for. */
    endedAt: isoDateTimeSchema,
  }),
});

/** A downgrade (or a change to a plan no dearer) that takes effect at the next renewal. */
const planChangeScheduledSchema = z.object({
  type: z.literal('PlanChangeScheduled'),
  data: z.object({
    ...subscriptionRef,
    fromPlan: subscriptionPlanSchema,
    plan: subscriptionPlanSchema,
    previousAmountCents: cents,
    amountCents: cents,
    effectiveAt: isoDateTimeSchema,
    scheduledAt: isoDateTimeSchema,
  }),
});

const planChangeWithdrawnSchema = z.object({
  type: z.literal('PlanChangeWithdrawn'),
  data: z.object({ ...subscriptionRef, plan: subscriptionPlanSchema, withdrawnAt: isoDateTimeSchema }),
});

/**
 * An upgrade's prorated charge, recorded before the card is charged (under a key from `paymentId`), so a charge
 * cut short is finished with the same key rather than made twice.
 */
const upgradeStartedSchema = z.object({
  type: z.literal('UpgradeStarted'),
  data: z.object({
    ...subscriptionRef,
    paymentId: idSchema,
    fromPlan: subscriptionPlanSchema,
    plan: subscriptionPlanSchema,
    previousAmountCents: cents,
    amountCents: cents,
    prorationCents: z.number().int().positive(),
    /** The moment prorated from, and the end of the period it runs to. */
    proratedFrom: isoDateTimeSchema,
    periodEnd: isoDateTimeSchema,
    remainingSeconds: z.number().int().nonnegative(),
    periodSeconds: z.number().int().positive(),
    userId: idSchema,
    providerCustomerId: z.string().min(1).max(255),
    paymentMethodId: z.string().min(1).max(255),
    /** The customer asked on the page (their bank may ask them for 3-D Secure), or an admin did for them. */
    customerPresent: z.boolean(),
    startedAt: isoDateTimeSchema,
  }),
});

/**
 * The card's bank asked the customer for 3-D Secure: the charge waits for them (the page completes it), and is
 * cancelled if they do not (README "Plan changes").
 */
const upgradeAwaitingAuthenticationSchema = z.object({
  type: z.literal('UpgradeAwaitingAuthentication'),
  data: z.object({
    ...subscriptionRef,
    paymentId: idSchema,
    providerPaymentId: z.string().min(1).max(255),
    awaitingSince: isoDateTimeSchema,
  }),
});

/** The card declined the upgrade's charge: nothing changes. */
const upgradeDeclinedSchema = z.object({
  type: z.literal('UpgradeDeclined'),
  data: z.object({
    ...subscriptionRef,
    paymentId: idSchema,
    code: z.string().min(1).max(100),
    message: z.string().min(1).max(500),
    declinedAt: isoDateTimeSchema,
  }),
});

const planChangedSchema = z.object({
  type: z.literal('PlanChanged'),
  data: z.object({
    ...subscriptionRef,
    kind: z.enum(['upgrade', 'downgrade']),
    fromPlan: subscriptionPlanSchema,
    plan: subscriptionPlanSchema,
    previousAmountCents: cents,
    amountCents: cents,
    prorationCents: cents,
    invoiceId: idSchema.nullable(),
    changedAt: isoDateTimeSchema,
  }),
});

/**
 * The renewal at `renewsAt` was announced (the runner, 3 days before it): what that bill charges, whether it is a
 * trial's first, and whether a card was on file to charge. Once per renewal.
 */
const renewalAnnouncedSchema = z.object({
  type: z.literal('RenewalAnnounced'),
  data: z.object({
    ...subscriptionRef,
    kind: z.enum(['renewal', 'trial-end']),
    plan: subscriptionPlanSchema,
    amountCents: cents,
    renewsAt: isoDateTimeSchema,
    cardOnFile: z.boolean(),
    announcedAt: isoDateTimeSchema,
  }),
});

export const termEventSchema = z.discriminatedUnion('type', [
  termEndedSchema,
  planChangeScheduledSchema,
  planChangeWithdrawnSchema,
  upgradeStartedSchema,
  upgradeAwaitingAuthenticationSchema,
  upgradeDeclinedSchema,
  planChangedSchema,
  renewalAnnouncedSchema,
]);
export type TermEvent = z.infer<typeof termEventSchema>;
export type UpgradeStarted = z.infer<typeof upgradeStartedSchema>['data'];
export type PlanChanged = z.infer<typeof planChangedSchema>['data'];
export type PlanChangeScheduled = z.infer<typeof planChangeScheduledSchema>['data'];
export type RenewalAnnounced = z.infer<typeof renewalAnnouncedSchema>['data'];
export const termEventTypes = eventTypesOf(termEventSchema);
