import { z } from 'zod';
import { idSchema, isoDateTimeSchema, subscriptionPlanSchema } from '@app/contracts';
import { passwordChangedPayloadSchema, passwordSetupPayloadSchema } from './security-messages.js';

/**
 * Every message notifications sends, with what its template needs. A send row keeps this payload, so the mail
 * says what was true when the event happened even if it goes out after a retry hours later.
 */
const greeting = { firstName: z.string().nullable() };

export const receiptPayloadSchema = z.object({
  ...greeting,
  invoiceId: idSchema,
  number: z.string(),
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  paidAt: isoDateTimeSchema,
  productName: z.string().nullable(),
  periodStart: isoDateTimeSchema.nullable(),
  periodEnd: isoDateTimeSchema.nullable(),
  invoiceUrl: z.url(),
  pdfUrl: z.url(),
});

/** Whose subscription a message is about: the tenant's and product's names as the copies had them. */
const subscription = {
  ...greeting,
  tenantName: z.string(),
  productName: z.string().nullable(),
};

/** A renewal stayed unpaid after its last retry and tenancy suspended the subscription; Pay now is on Billing. */
export const subscriptionSuspendedPayloadSchema = z.object({
  ...subscription,
  suspendedAt: isoDateTimeSchema,
  billingUrl: z.url(),
});

/** Cancelled at once (an admin, with their reason when they gave one) or at the end of a term set to cancel. */
export const subscriptionCancelledPayloadSchema = z.object({
  ...subscription,
  cancelledAt: isoDateTimeSchema,
  reason: z.string().nullable(),
  billingUrl: z.url(),
});

/** Set to cancel at period end: it runs until `endsAt`, or, when no paid invoice told when, the period's end. */
export const cancellationScheduledPayloadSchema = z.object({
  ...subscription,
  scheduledAt: isoDateTimeSchema,
  endsAt: isoDateTimeSchema.nullable(),
  billingUrl: z.url(),
});

/**
 * Billing changed the plan: an upgrade at once, its prorated difference charged (`prorationCents`, 0 for a trial or
 * a waived difference) on the invoice at `invoiceUrl`; a downgrade at the renewal it was scheduled for.
 */
export const planChangedPayloadSchema = z.object({
  ...subscription,
  kind: z.enum(['upgrade', 'downgrade']),
  fromPlan: subscriptionPlanSchema,
  plan: subscriptionPlanSchema,
  previousAmountCents: z.number().int().nonnegative(),
  amountCents: z.number().int().nonnegative(),
  prorationCents: z.number().int().nonnegative(),
  changedAt: isoDateTimeSchema,
  invoiceUrl: z.url().nullable(),
  billingUrl: z.url(),
});

/**
 * A renewal's charge was declined: the invoice, the issuer's words, and the next retry, or null when that was the
 * last one and the invoice is overdue (its subscription is then suspended until it is paid).
 */
export const paymentFailedPayloadSchema = z.object({
  ...subscription,
  invoiceNumber: z.string(),
  amountCents: z.number().int().nonnegative(),
  failedAt: isoDateTimeSchema,
  declineMessage: z.string(),
  nextAttemptAt: isoDateTimeSchema.nullable(),
  invoiceUrl: z.url(),
  billingUrl: z.url(),
});

/** A paid month renews at `renewsAt`, charging `amountCents` (at `plan`) to the card on file. */
export const renewalReminderPayloadSchema = z.object({
  ...subscription,
  plan: subscriptionPlanSchema,
  amountCents: z.number().int().nonnegative(),
  renewsAt: isoDateTimeSchema,
  billingUrl: z.url(),
});

/** A trial ends at `endsAt` with its first bill of `amountCents`, charged to the card on file if there is one. */
export const trialEndingPayloadSchema = z.object({
  ...subscription,
  plan: subscriptionPlanSchema,
  amountCents: z.number().int().nonnegative(),
  endsAt: isoDateTimeSchema,
  cardOnFile: z.boolean(),
  billingUrl: z.url(),
});

/**
 * A tenant's webhook endpoint was marked failing at the end of a message's retry schedule: which endpoint, since
 * when it fails, the last attempt's error, and the owner's settings, where it is enabled again.
 */
export const webhookEndpointFailingPayloadSchema = z.object({
  ...greeting,
  tenantName: z.string(),
  endpointUrl: z.string(),
  failingSince: isoDateTimeSchema,
  markedAt: isoDateTimeSchema,
  lastError: z.string(),
  settingsUrl: z.url(),
});

export const messagePayloadSchemas = {
  receipt: receiptPayloadSchema,
  'subscription-suspended': subscriptionSuspendedPayloadSchema,
  'subscription-cancelled': subscriptionCancelledPayloadSchema,
  'cancellation-scheduled': cancellationScheduledPayloadSchema,
  'plan-changed': planChangedPayloadSchema,
  'payment-failed': paymentFailedPayloadSchema,
  'renewal-reminder': renewalReminderPayloadSchema,
  'trial-ending': trialEndingPayloadSchema,
  'webhook-endpoint-failing': webhookEndpointFailingPayloadSchema,
  'password-changed': passwordChangedPayloadSchema,
  'password-setup': passwordSetupPayloadSchema,
} as const;

export type MessageKind = keyof typeof messagePayloadSchemas;
export type MessagePayload<Kind extends MessageKind> = z.infer<(typeof messagePayloadSchemas)[Kind]>;
export const messageKinds = Object.keys(messagePayloadSchemas) as MessageKind[];

/** The Settings switches a message can be governed by (identity's notification preferences). */
export interface RecipientSwitches {
  email: boolean;
  securityAlerts: boolean;
}

/**
 * Which switch governs which message (README "Who gets what"): account and billing mail follows Email
 * Notifications, and so does the operational mail about a tenant's integration (an endpoint failing), which the
 * settings screen also shows; a security notice always goes, as it is how someone learns their account was taken,
 * and so does a password-setup link, the only way into a new account.
 */
export const governingSwitch: Record<MessageKind, keyof RecipientSwitches | 'always'> = {
  receipt: 'email',
  'subscription-suspended': 'email',
  'subscription-cancelled': 'email',
  'cancellation-scheduled': 'email',
  'plan-changed': 'email',
  'payment-failed': 'email',
  'renewal-reminder': 'email',
  'trial-ending': 'email',
  'webhook-endpoint-failing': 'email',
  'password-changed': 'always',
  'password-setup': 'always',
};

export function wantsMessage(kind: MessageKind, switches: RecipientSwitches): boolean {
  const governing = governingSwitch[kind];
  return governing === 'always' || switches[governing];
}

/**
 * Until when a message is worth sending, or null for always: a password-setup link that stopped working would
 * only send its recipient to an error page.
 */
export function sendableUntil(kind: MessageKind, payload: unknown): Date | null {
  if (kind !== 'password-setup') return null;
  return new Date(passwordSetupPayloadSchema.parse(payload).expiresAt);
}
