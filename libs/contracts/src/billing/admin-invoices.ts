import { z } from 'zod';
import { idSchema } from '../common.js';
import { pageQueryShape, searchTextSchema } from '../paging.js';
import { invoiceSchema, invoiceStatusSchema } from './billing-api.js';

/**
 * GET /api/admin/billing/invoices (issue 21 item 4, the Admin Portal's Invoices): every customer's invoices,
 * newest first, a page at a time. `q` finds an invoice by its number or its customer's email.
 */
export const adminInvoiceFilterShape = {
  q: searchTextSchema.describe("Case-insensitive search in the invoice number and the customer's email"),
  status: invoiceStatusSchema.optional().describe('Only invoices with this status'),
  tenantId: idSchema.optional().describe("Only this tenant's invoices"),
  productId: idSchema.optional().describe('Only invoices for this product'),
};

export const adminInvoiceListQuerySchema = z.strictObject({ ...pageQueryShape, ...adminInvoiceFilterShape });
export type AdminInvoiceListQuery = z.input<typeof adminInvoiceListQuerySchema>;

/** The list's filters without its paging: an export is the whole filtered list. */
export const adminInvoiceExportQuerySchema = z.strictObject(adminInvoiceFilterShape);

/**
 * An invoice as the admin's list shows it: the customer's own view of it, and whose it is, named as billing last
 * heard of them from identity (null while it has not).
 */
export const adminInvoiceSchema = invoiceSchema.extend({
  customer: z.object({
    id: idSchema,
    email: z.string().nullable(),
    name: z.string().nullable(),
  }),
  subscriptionId: idSchema.nullable(),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;
export const adminInvoiceListSchema = z.array(adminInvoiceSchema);
