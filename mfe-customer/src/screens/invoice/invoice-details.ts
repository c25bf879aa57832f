import type { InvoiceDocument, InvoiceSeller } from '@app/contracts';
import { formatDate, formatUsd } from '@app/ui';

/**
 * Everything the printable invoice shows, as text: the document itself only lays it out. Billing's PDF of the
 * invoice (services/billing/src/invoice-documents) prints the same words, dates and amounts from the same answer.
 */
export interface InvoiceDetails {
  number: string;
  status: string;
  issued: string;
  paid: string;
  period: string;
  currency: string;
  seller: InvoiceSeller;
  /** Full name, else email; "Unknown customer" until billing has heard of the account. */
  customerName: string;
  customerEmail: string;
  lines: Array<{ description: string; amount: string }>;
  total: string;
}

export function invoiceDetails(document: InvoiceDocument): InvoiceDetails {
  const start = formatDate(document.periodStart);
  const end = formatDate(document.periodEnd);
  return {
    number: document.invoiceNumber,
    status: document.status,
    issued: formatDate(document.createdAt) ?? 'Unknown date',
    paid: formatDate(document.paidAt) ?? 'Not paid yet',
    period: start && end ? `${start} – ${end}` : 'Unknown period',
    currency: document.currency.toUpperCase(),
    seller: document.seller,
    customerName: document.buyer?.name ?? 'Unknown customer',
    customerEmail: document.buyer?.email ?? '',
    lines: document.lines.map((line) => ({ description: line.description, amount: formatUsd(line.amount) })),
    total: formatUsd(document.amount),
  };
}
