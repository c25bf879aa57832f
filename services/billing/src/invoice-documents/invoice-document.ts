import type { Invoice, InvoiceBuyer, InvoiceDocument, InvoiceLine, InvoiceSeller } from '@app/contracts';
import type { BuyerProfile } from '../projections/buyers-copy.js';

/** The buyer's full name, else their email: an account may have no name yet (the invoice page's rule). */
export function invoiceBuyerOf(profile: BuyerProfile): InvoiceBuyer {
  const name = [profile.firstName, profile.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return { name: name || profile.email, email: profile.email };
}

/**
 * What the invoice bills, line by line. An invoice records one amount for one product's period, so it has one
 * line today; the product's name is billing's copy's, "Unknown Product" if billing never heard of it.
 */
export function invoiceLinesOf(invoice: Invoice): InvoiceLine[] {
  return [{ description: invoice.productName?.trim() || 'Unknown Product', amount: invoice.amount }];
}

/** One invoice as the page shows it and the PDF prints it: the same object for both. */
export function invoiceDocumentOf(
  invoice: Invoice,
  seller: InvoiceSeller,
  buyer: BuyerProfile | null,
): InvoiceDocument {
  return {
    ...invoice,
    seller,
    buyer: buyer ? invoiceBuyerOf(buyer) : null,
    lines: invoiceLinesOf(invoice),
  };
}
