import { z } from 'zod';
import { eventTypesOf } from '@app/domain';
import {
  idSchema,
  invoiceNumberSchema,
  isoDateTimeSchema,
  renewalDunningSchema,
  subscriptionPlanSchema,
} from '@app/contracts';

/**
 * Billing's stored invoice events (stream `billing_invoice-<id>`), private to it. Money is integer cents in
 * USD. `paid` and `overdue` repeat the facts of `issued`, so the relay publishes billing.invoice.paid.v1 and
 * .overdue.v1 from that one event. A checkout's invoice is issued and paid at once; a renewal's is issued
 * pending and collected by off-session charges of the saved card: attempted, failed (a retry scheduled), and
 * paid or, after the last scheduled retry, overdue (services/billing/README.md "Renewals and dunning").
 */
const invoiceFacts = {
  invoiceId: idSchema,
  number: invoiceNumberSchema,
  userId: idSchema,
  /** The tenant the purchase was for; a checkout's may be null at issue (then InvoiceTenantAssigned sets it). */
  tenantId: idSchema.nullable(),
  /** The renewed subscription; null for a checkout, whose subscription tenancy starts on the payment. */
  subscriptionId: idSchema.nullable(),
  productId: idSchema,
  /** The payment that settles it: a checkout's is known at issue. */
  paymentId: idSchema.nullable(),
  amountCents: z.number().int().nonnegative(),
  currency: z.literal('usd'),
};

/**
 * How an upgrade's invoice was prorated (README "Plan changes"): the difference between the two monthly prices for
 * `remainingSeconds` of the period's `periodSeconds`.
 */
export const invoiceProrationSchema = z.object({
  fromPlan: subscriptionPlanSchema,
  plan: subscriptionPlanSchema,
  previousAmountCents: z.number().int().nonnegative(),
  amountCents: z.number().int().nonnegative(),
  remainingSeconds: z.number().int().nonnegative(),
  periodSeconds: z.number().int().positive(),
});
export type InvoiceProration = z.infer<typeof invoiceProrationSchema>;

const invoiceIssuedSchema = z.object({
  type: z.literal('InvoiceIssued'),
  data: z.object({
    ...invoiceFacts,
    /** An upgrade's prorated invoice only. */
    proration: invoiceProrationSchema.optional(),
    /**
     * The month it bills: a checkout's from its issue time to the same time a calendar month later; a renewal's
     * from the subscription's anniversary to the next one.
     */
    periodStart: isoDateTimeSchema,
    periodEnd: isoDateTimeSchema,
    issuedAt: isoDateTimeSchema,
  }),
});

/**
 * The period repeats the issued one so the receipt can say what was paid for (billing.invoice.paid.v1); added
 * later, so events stored before it have none.
 */
const invoicePaidSchema = z.object({
  type: z.literal('InvoicePaid'),
  data: z.object({
    ...invoiceFacts,
    paymentId: idSchema,
    periodStart: isoDateTimeSchema.optional(),
    periodEnd: isoDateTimeSchema.optional(),
    paidAt: isoDateTimeSchema,
  }),
});

/**
 * A collection attempt begins: recorded before the provider is asked, with the customer and card it charges, so
 * an attempt cut short by a crash is resumed with the same parameters (and the same idempotency key).
 */
const invoicePaymentAttemptedSchema = z.object({
  type: z.literal('InvoicePaymentAttempted'),
  data: z.object({
    invoiceId: idSchema,
    /** 1 for the charge at issue, then one more per retry. */
    attempt: z.number().int().positive(),
    /** Billing's payment that records this attempt's charge. */
    paymentId: idSchema,
    providerCustomerId: z.string().min(1).max(255),
    paymentMethodId: z.string().min(1).max(255),
    attemptedAt: isoDateTimeSchema,
  }),
});

/**
 * The attempt was declined, in the provider's code and words; `nextAttemptAt` is null when none is scheduled.
 * `invoice` repeats the invoice's facts and `dunning` says what the decline leaves, so the relay publishes
 * billing.invoice.payment-failed.v1 from this one event; both were added later, and a failure stored before them
 * is not published.
 */
const invoicePaymentFailedSchema = z.object({
  type: z.literal('InvoicePaymentFailed'),
  data: z.object({
    invoiceId: idSchema,
    attempt: z.number().int().positive(),
    paymentId: idSchema,
    code: z.string().min(1).max(100),
    declineCode: z.string().min(1).max(100).nullable(),
    message: z.string().min(1).max(500),
    failedAt: isoDateTimeSchema,
    nextAttemptAt: isoDateTimeSchema.nullable(),
    invoice: z
      .object({
        number: invoiceFacts.number,
        userId: invoiceFacts.userId,
        tenantId: invoiceFacts.tenantId,
        subscriptionId: invoiceFacts.subscriptionId,
        productId: invoiceFacts.productId,
        amountCents: invoiceFacts.amountCents,
        currency: invoiceFacts.currency,
      })
      .optional(),
    dunning: renewalDunningSchema.optional(),
  }),
});

/** The last scheduled retry failed: the renewal is overdue and tenancy suspends its subscription. */
const invoiceOverdueSchema = z.object({
  type: z.literal('InvoiceOverdue'),
  data: z.object({ ...invoiceFacts, subscriptionId: idSchema, overdueAt: isoDateTimeSchema }),
});

/**
 * The tenant the purchase was for, learned after issue (a checkout's, from the subscription tenancy started for
 * it); later events repeat it among the facts. Only ever sets a tenant that was unknown.
 */
const invoiceTenantAssignedSchema = z.object({
  type: z.literal('InvoiceTenantAssigned'),
  data: z.object({ invoiceId: idSchema, tenantId: idSchema, assignedAt: isoDateTimeSchema }),
});

export const invoiceEventSchema = z.discriminatedUnion('type', [
  invoiceIssuedSchema,
  invoicePaidSchema,
  invoicePaymentAttemptedSchema,
  invoicePaymentFailedSchema,
  invoiceOverdueSchema,
  invoiceTenantAssignedSchema,
]);
export type InvoiceEvent = z.infer<typeof invoiceEventSchema>;
export type InvoiceIssued = z.infer<typeof invoiceIssuedSchema>;
export const invoiceEventTypes = eventTypesOf(invoiceEventSchema);
