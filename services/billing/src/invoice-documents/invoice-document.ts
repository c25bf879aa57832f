import type {
  Invoice,
  InvoiceBuyer,
  InvoiceDocument,
  InvoiceLine,
  InvoiceProration,
  InvoiceSeller,
  SubscriptionPlan,
} from '@app/contracts';
import type { BuyerProfile } from '../projections/buyers-copy.js';

/** The buyer's full name, else their email: an account may have no name yet (the invoice page's rule). */
export function invoiceBuyerOf(profile: BuyerProfile): InvoiceBuyer {
  const name = [profile.firstName, profile.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return { name: name || profile.email, email: profile.email };
}

const planNames: Record<SubscriptionPlan, string> = {
  basic: 'Basic',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/** "1 day 2 h 5 min": the time an upgrade was prorated for, to the minute (the amount is to the second). */
function durationOf(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const parts = [days > 0 ? `${days} ${days === 1 ? 'day' : 'days'}` : '', hours > 0 ? `${hours} h` : ''];
  return [...parts, minutes > 0 || parts.every((part) => part === '') ? `${minutes} min` : '']
    .filter(Boolean)
    .join(' ');
}

function prorationLine(product: string, proration: InvoiceProration): string {
  const { fromPlan, plan, previousAmount, amount, remainingSeconds, periodSeconds } = proration;
  const periodDays = Math.round(periodSeconds / 86_400);
  return (
    `${product}: upgrade from ${planNames[fromPlan]} (${money(previousAmount)}/month) to ${planNames[plan]} ` +
    `(${money(amount)}/month), prorated for ${durationOf(remainingSeconds)} of a ${periodDays}-day period`
  );
}

/**
 * What the invoice bills, line by line. An invoice records one amount for one product's period, so it has one
 * line; the product's name is billing's copy's, "Unknown Product" if billing never heard of it. An upgrade's
 * prorated invoice says what it prorates (README "Plan changes").
 */
export function invoiceLinesOf(invoice: Invoice): InvoiceLine[] {
  const product = invoice.productName?.trim() || 'Unknown Product';
  const description = invoice.proration ? prorationLine(product, invoice.proration) : product;
  return [{ description, amount: invoice.amount }];
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
