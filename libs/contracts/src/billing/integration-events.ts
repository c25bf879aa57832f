import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { publishedEvents } from '../integration-envelope.js';
import { subscriptionPlanSchema } from '../tenancy/subscription.js';
import { invoiceNumberSchema, paymentProviderNameSchema } from './billing-values.js';

/**
 * What billing publishes on NATS (stream BILLING, subjects `billing.>`). Money is integer cents in USD. No card
 * data ever crosses: billing itself keeps only brand and last four.
 *
 * `userId` is the paying customer; `tenantId` is given when billing knows it (a renewal's subscription, or the
 * first tenant a buyer owns in billing's copy of tenancy at checkout), and otherwise tenancy settles it from the
 * customer (their own tenant, made if they have none).
 */
export const billingCurrencySchema = z.literal('usd');

/**
 * A subscription tenancy starts for a checkout has the id `uuidv5(paymentId, checkoutSubscriptionNamespace)`
 * (tenancy's billing consumer), so a redelivery names the same one and billing can tell which checkout began it.
 * Fixed forever.
 */
export const checkoutSubscriptionNamespace = '0b6c7d1e-4f2a-5b3c-8d9e-1a2b3c4d5e6f';

/** The provider confirmed a first payment for a product: tenancy starts (or reactivates) the subscription. */
export const checkoutCompletedV1DataSchema = z.object({
  paymentId: idSchema,
  userId: idSchema,
  tenantId: idSchema.nullable(),
  productId: idSchema,
  plan: subscriptionPlanSchema,
  amountCents: z.number().int().positive(),
  currency: billingCurrencySchema,
  completedAt: isoDateTimeSchema,
});

/**
 * An invoice was paid (a checkout's or a renewal's): tenancy adds it to the tenant's totalSpent, notifications
 * mails the receipt. `periodStart`/`periodEnd` are the month it bills; added later, absent on older messages.
 */
export const invoicePaidV1DataSchema = z.object({
  invoiceId: idSchema,
  number: invoiceNumberSchema,
  userId: idSchema,
  tenantId: idSchema.nullable(),
  subscriptionId: idSchema.nullable(),
  productId: idSchema,
  amountCents: z.number().int().nonnegative(),
  currency: billingCurrencySchema,
  periodStart: isoDateTimeSchema.optional(),
  periodEnd: isoDateTimeSchema.optional(),
  paidAt: isoDateTimeSchema,
});

/** A buyer's first checkout made their customer at the provider: identity keeps it as `stripeCustomerId`. */
export const customerCreatedV1DataSchema = z.object({
  userId: idSchema,
  provider: paymentProviderNameSchema,
  providerCustomerId: z.string().min(1),
  createdAt: isoDateTimeSchema,
});

/**
 * A renewal invoice stayed unpaid after the last retry: tenancy suspends the subscription. A later paid invoice
 * of the same subscription (billing.invoice.paid.v1 with its subscriptionId) makes it active again.
 */
export const invoiceOverdueV1DataSchema = z.object({
  invoiceId: idSchema,
  number: invoiceNumberSchema,
  userId: idSchema,
  tenantId: idSchema.nullable(),
  subscriptionId: idSchema,
  productId: idSchema,
  amountCents: z.number().int().nonnegative(),
  currency: billingCurrencySchema,
  overdueAt: isoDateTimeSchema,
});

/**
 * What a declined renewal charge leaves (services/billing/README.md "Renewals and dunning"): a retry scheduled at
 * `nextAttemptAt`; the invoice overdue now, as that was the last scheduled retry (billing.invoice.overdue.v1
 * follows); or an invoice already overdue declined again (Pay now, or its attempt on a later anniversary).
 */
export const renewalDunningSchema = z.enum(['retry-scheduled', 'now-overdue', 'already-overdue']);

/**
 * A renewal invoice's off-session charge was declined: notifications mails the payer what happened and when the
 * next retry is. `code`, `declineCode` and `message` are the provider's (Stripe's wording, e.g. "Your card has
 * insufficient funds."); nothing of the card crosses. `nextAttemptAt` is null unless a retry is scheduled.
 */
export const invoicePaymentFailedV1DataSchema = z.object({
  invoiceId: idSchema,
  number: invoiceNumberSchema,
  userId: idSchema,
  tenantId: idSchema,
  subscriptionId: idSchema,
  productId: idSchema,
  amountCents: z.number().int().nonnegative(),
  currency: billingCurrencySchema,
  /** 1 for the charge at the renewal, then one more per retry. */
  attempt: z.number().int().positive(),
  code: z.string().min(1).max(100),
  declineCode: z.string().min(1).max(100).nullable(),
  message: z.string().min(1).max(500),
  failedAt: isoDateTimeSchema,
  nextAttemptAt: isoDateTimeSchema.nullable(),
  dunning: renewalDunningSchema,
});

/**
 * The paid term of a subscription set to cancel at period end ran out, and it was not renewed: tenancy cancels it
 * (unless the customer resumed it meanwhile).
 */
export const termEndedV1DataSchema = z.object({
  subscriptionId: idSchema,
  tenantId: idSchema,
  productId: idSchema,
  endedAt: isoDateTimeSchema,
});

/**
 * A subscription's plan changed (issue 19): an upgrade whose prorated difference was paid (or waived), or a
 * downgrade reaching the renewal it was scheduled for. Renewals bill `amountCents` from `changedAt` on; tenancy
 * records the new plan and price.
 */
export const planChangedV1DataSchema = z.object({
  subscriptionId: idSchema,
  tenantId: idSchema,
  productId: idSchema,
  kind: z.enum(['upgrade', 'downgrade']),
  fromPlan: subscriptionPlanSchema,
  plan: subscriptionPlanSchema,
  previousAmountCents: z.number().int().nonnegative(),
  amountCents: z.number().int().nonnegative(),
  /** What was charged at once for the rest of the period; 0 for a downgrade, a trial, or a waived difference. */
  prorationCents: z.number().int().nonnegative(),
  /** The prorated invoice, when something was charged. */
  invoiceId: idSchema.nullable(),
  changedAt: isoDateTimeSchema,
});

/**
 * A subscription's next bill is at most 3 days away (services/billing/README.md "Renewal reminders"): the renewal
 * of a paid month, or a trial's first bill (`kind: 'trial-end'`), with the plan and price that bill charges (a
 * downgrade scheduled for it included) and whether a card is on file to charge (`cardOnFile`; nothing else of the
 * card). Announced once per renewal, never for a subscription set to cancel, suspended or cancelled, nor for one
 * whose first bill came less than 3 days after it started; notifications mails the reminder.
 */
export const renewalUpcomingV1DataSchema = z.object({
  subscriptionId: idSchema,
  tenantId: idSchema,
  productId: idSchema,
  kind: z.enum(['renewal', 'trial-end']),
  plan: subscriptionPlanSchema,
  amountCents: z.number().int().nonnegative(),
  currency: billingCurrencySchema,
  renewsAt: isoDateTimeSchema,
  cardOnFile: z.boolean(),
  announcedAt: isoDateTimeSchema,
});

const billing = publishedEvents({
  checkoutCompleted: ['billing.checkout.completed.v1', checkoutCompletedV1DataSchema],
  invoicePaid: ['billing.invoice.paid.v1', invoicePaidV1DataSchema],
  invoiceOverdue: ['billing.invoice.overdue.v1', invoiceOverdueV1DataSchema],
  invoicePaymentFailed: ['billing.invoice.payment-failed.v1', invoicePaymentFailedV1DataSchema],
  customerCreated: ['billing.customer.created.v1', customerCreatedV1DataSchema],
  termEnded: ['billing.subscription.term-ended.v1', termEndedV1DataSchema],
  planChanged: ['billing.subscription.plan-changed.v1', planChangedV1DataSchema],
  renewalUpcoming: ['billing.subscription.renewal-upcoming.v1', renewalUpcomingV1DataSchema],
});

export const billingSubjects = billing.subjects;
export const {
  checkoutCompleted: billingCheckoutCompletedV1,
  invoicePaid: billingInvoicePaidV1,
  invoiceOverdue: billingInvoiceOverdueV1,
  invoicePaymentFailed: billingInvoicePaymentFailedV1,
  customerCreated: billingCustomerCreatedV1,
  termEnded: billingTermEndedV1,
  planChanged: billingPlanChangedV1,
  renewalUpcoming: billingRenewalUpcomingV1,
} = billing.schemas;
export const billingIntegrationEventSchema = billing.union;
export type BillingIntegrationEvent = z.infer<typeof billingIntegrationEventSchema>;
export type CheckoutCompletedV1Data = z.infer<typeof checkoutCompletedV1DataSchema>;
export type InvoicePaidV1Data = z.infer<typeof invoicePaidV1DataSchema>;
export type InvoiceOverdueV1Data = z.infer<typeof invoiceOverdueV1DataSchema>;
export type InvoicePaymentFailedV1Data = z.infer<typeof invoicePaymentFailedV1DataSchema>;
export type RenewalDunning = z.infer<typeof renewalDunningSchema>;
export type CustomerCreatedV1Data = z.infer<typeof customerCreatedV1DataSchema>;
export type PlanChangedV1Data = z.infer<typeof planChangedV1DataSchema>;
export type RenewalUpcomingV1Data = z.infer<typeof renewalUpcomingV1DataSchema>;

/** The JetStream stream billing owns. */
export const billingStream = { name: 'BILLING', subjects: ['billing.>'] } as const;
