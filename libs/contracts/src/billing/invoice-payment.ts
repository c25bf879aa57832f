import { z } from 'zod';
import { idSchema } from '../common.js';

/** POST /api/invoices/:invoiceId/pay: a customer's "Pay now" of their overdue renewal invoice. */
export const invoicePaymentParamsSchema = z.strictObject({ invoiceId: idSchema });

/** Paid (now, or already). A decline is a 402 problem with the card issuer's words. */
export const invoicePaymentReplySchema = z.object({ invoiceId: idSchema, status: z.literal('paid') });
export type InvoicePaymentReply = z.infer<typeof invoicePaymentReplySchema>;
