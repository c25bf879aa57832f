import { z } from 'zod';
import type { InvoiceSeller } from '@app/contracts';

/**
 * Who issues billing's invoices, as a fragment of billing's config schema (README "Configuration"): the name and
 * postal address printed above "Billed to" on the invoice page and its PDF. The name defaults to the product's own
 * ("FinTech Platform", as its footer says); an operator sets their legal name and address.
 */
export const invoiceSellerVariables = {
  INVOICE_SELLER_NAME: z.string().trim().min(1).max(200).default('FinTech Platform'),
  INVOICE_SELLER_ADDRESS: z.string().trim().max(500).default(''),
};

const sellerSchema = z.object(invoiceSellerVariables);

export function invoiceSellerOf(config: z.output<typeof sellerSchema>): InvoiceSeller {
  return { name: config.INVOICE_SELLER_NAME, address: config.INVOICE_SELLER_ADDRESS || null };
}

/** The seller of an environment that sets neither variable. */
export const defaultInvoiceSeller: InvoiceSeller = invoiceSellerOf(sellerSchema.parse({}));
