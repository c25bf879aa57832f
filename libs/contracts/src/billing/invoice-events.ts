import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';

/** `INV-` and six or more digits, unique and increasing (ARCHITECTURE.md "Decisions": Invoices). */
export const invoiceNumberSchema = z.string().regex(/^INV-\d{6,}$/, 'number must look like INV-000123');

/**
 * Billing's stored invoice events (stream `billing_invoice-<id>`). Money is integer cents in USD. `paid` repeats
 * the facts of `issued`, so the relay publishes billing.invoice.paid.v1 from that one event.
 */
const invoiceFacts = {
  invoiceId: idSchema,
  number: invoiceNumberSchema,
  userId: idSchema,
  tenantId: idSchema.nullable(),
  /** The renewed subscription; null for a checkout, whose subscription tenancy starts on the payment. */
  subscriptionId: idSchema.nullable(),
  productId: idSchema,
  /** The payment that settles it: a checkout's is known at issue. */
  paymentId: idSchema.nullable(),
  amountCents: z.number().int().nonnegative(),
  currency: z.literal('usd'),
};

export const invoiceIssuedSchema = z.object({
  type: z.literal('InvoiceIssued'),
  data: z.object({
    ...invoiceFacts,
    /** The month it bills: from the issue time to the same time a calendar month later. */
    periodStart: isoDateTimeSchema,
    periodEnd: isoDateTimeSchema,
    issuedAt: isoDateTimeSchema,
  }),
});

export const invoicePaidSchema = z.object({
  type: z.literal('InvoicePaid'),
  data: z.object({ ...invoiceFacts, paymentId: idSchema, paidAt: isoDateTimeSchema }),
});

export const invoiceEventSchema = z.discriminatedUnion('type', [invoiceIssuedSchema, invoicePaidSchema]);
export type InvoiceEvent = z.infer<typeof invoiceEventSchema>;
export type InvoiceIssued = z.infer<typeof invoiceIssuedSchema>;
export type InvoicePaid = z.infer<typeof invoicePaidSchema>;
export const invoiceEventTypes = invoiceEventSchema.options.map((option) => option.shape.type.value);
