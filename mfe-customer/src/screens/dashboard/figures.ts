import type { Invoice, Subscription, UsageRecord } from '@app/contracts';
import { formatDate, parseInstant, sumAmounts, toAmount } from '@app/ui';
import { isActiveSubscription } from '../../components/subscription-labels.js';

/** SPEC.md §9: the dashboard's Billing tab lists the latest 5 invoices. */
export const recentInvoiceLimit = 5;

/** SPEC.md §2 and §9: System Health and the System Status uptime are the static 99.9%, not a measurement. */
export const staticUptime = '99.9%';

export interface SubscriptionFigures {
  active: number;
  total: number;
}

export function subscriptionFigures(subscriptions: readonly Subscription[]): SubscriptionFigures {
  return { active: subscriptions.filter(isActiveSubscription).length, total: subscriptions.length };
}

/** Total Spending: every invoice the customer has, whatever its status (SPEC.md §2 "Lifetime billing"). */
export function totalSpending(invoices: readonly Pick<Invoice, 'amount'>[]): number {
  return sumAmounts(invoices.map((invoice) => invoice.amount));
}

/** Usage This Month: GET /api/usage without a range answers the current UTC month. */
export function usageThisMonth(records: readonly Pick<UsageRecord, 'quantity'>[]): number {
  return records.reduce((sum, record) => sum + toAmount(record.quantity), 0);
}

export interface RecentInvoice {
  id: string;
  number: string;
  date: string;
  status: string;
  amount: number;
}

/**
 * The latest 5 by createdAt, newest first; an invoice without a valid date sorts last. Fallbacks as SPEC.md §2
 * lists them: INV-n (n its place in this list), Unknown date, status paid.
 */
export function recentInvoices(invoices: readonly Invoice[]): RecentInvoice[] {
  const time = (invoice: Invoice) => parseInstant(invoice.createdAt)?.getTime() ?? Number.MIN_SAFE_INTEGER;
  return [...invoices]
    .sort((a, b) => time(b) - time(a))
    .slice(0, recentInvoiceLimit)
    .map((invoice, index) => ({
      id: invoice.id,
      number: invoice.invoiceNumber || `INV-${index + 1}`,
      date: formatDate(invoice.createdAt) ?? 'Unknown date',
      status: invoice.status || 'paid',
      amount: toAmount(invoice.amount),
    }));
}
