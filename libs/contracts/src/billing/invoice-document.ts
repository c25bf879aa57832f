import { z } from 'zod';
import { idSchema } from '../common.js';
import { invoiceSchema } from './billing-api.js';

/**
 * One invoice as a document (issue 19, item 5): what the printable invoice page shows and the PDF prints, read
 * from one server view so the two cannot differ. Money crosses as dollars, like every billing payload.
 */
export const invoiceParamsSchema = z.object({ invoiceId: idSchema });

/** Who issues the invoice: billing's configured seller (INVOICE_SELLER_NAME, INVOICE_SELLER_ADDRESS). */
export const invoiceSellerSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
});
export type InvoiceSeller = z.infer<typeof invoiceSellerSchema>;

/** Who pays it: the buyer's full name, else their email (the invoice page's rule). */
export const invoiceBuyerSchema = z.object({
  name: z.string(),
  email: z.string(),
});
export type InvoiceBuyer = z.infer<typeof invoiceBuyerSchema>;

/** One line of the invoice; a credit for unused time (a plan change's proration) is negative. */
export const invoiceLineSchema = z.object({
  description: z.string(),
  amount: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/**
 * The invoice as the list shows it (`amount` is the total), with its seller, its buyer (null while billing has
 * not heard of the account) and its lines.
 */
export const invoiceDocumentSchema = invoiceSchema.extend({
  seller: invoiceSellerSchema,
  buyer: invoiceBuyerSchema.nullable(),
  lines: z.array(invoiceLineSchema).min(1),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

/** Whether the runtime knows `value` as an IANA time zone (`Europe/Paris`, `UTC`). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * GET /api/invoices/{invoiceId}/pdf. The page shows dates on the browser's calendar; the PDF is made on the
 * server, so the browser says which calendar that is (UTC when it does not).
 */
export const invoicePdfQuerySchema = z.strictObject({
  timeZone: z
    .string()
    .max(64, 'timeZone must be an IANA time zone such as Europe/Paris')
    .refine(isTimeZone, 'timeZone must be an IANA time zone such as Europe/Paris')
    .optional()
    .describe('The IANA time zone the dates are shown in; UTC when absent'),
});
export type InvoicePdfQuery = z.input<typeof invoicePdfQuerySchema>;
