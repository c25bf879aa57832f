import type { CurrentUser, Invoice } from '@app/contracts';
import { formatUsd } from '@app/ui';
import { formatDate } from '../../format/dates.js';

/** Everything the printable invoice shows, as text: the document itself only lays it out. */
export interface InvoiceDetails {
  number: string;
  status: string;
  issued: string;
  paid: string;
  period: string;
  product: string;
  amount: string;
  currency: string;
  customerName: string;
  customerEmail: string;
}

type Customer = Pick<CurrentUser, 'email' | 'firstName' | 'lastName'>;

/** The customer's full name, else their email: an account may have no name yet. */
export function customerName(customer: Customer): string {
  const name = [customer.firstName, customer.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || customer.email;
}

export function invoiceDetails(invoice: Invoice, customer: Customer | null): InvoiceDetails {
  const start = formatDate(invoice.periodStart);
  const end = formatDate(invoice.periodEnd);
  return {
    number: invoice.invoiceNumber,
    status: invoice.status,
    issued: formatDate(invoice.createdAt) ?? 'Unknown date',
    paid: formatDate(invoice.paidAt) ?? 'Not paid yet',
    period: start && end ? `${start} – ${end}` : 'Unknown period',
    product: invoice.productName?.trim() || 'Unknown Product',
    amount: formatUsd(invoice.amount),
    currency: invoice.currency.toUpperCase(),
    customerName: customer ? customerName(customer) : '',
    customerEmail: customer?.email ?? '',
  };
}
