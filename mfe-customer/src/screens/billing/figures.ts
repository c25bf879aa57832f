import type { Invoice, Subscription } from '@app/contracts';
import { parseInstant, sumAmounts } from '@app/ui';
import { isActiveSubscription } from '../../components/subscription-labels.js';

/** SPEC.md §9: ids are shown truncated to their first 8 characters. */
const idDisplayLength = 8;

/** What the customer still owes: invoices not yet paid, whether or not they are past due. */
const unpaidStatuses: ReadonlySet<string> = new Set(['pending', 'overdue']);

export function outstandingAmount(invoices: readonly Pick<Invoice, 'amount' | 'status'>[]): number {
  return sumAmounts(
    invoices.filter((invoice) => unpaidStatuses.has(invoice.status)).map((invoice) => invoice.amount),
  );
}

export function activeSubscriptions(subscriptions: readonly Subscription[]): Subscription[] {
  return subscriptions.filter(isActiveSubscription);
}

export function shortId(id: string): string {
  return id.slice(0, idDisplayLength);
}

/** Newest first; invoices without a valid date go last, in the order the API gave them. */
export function newestFirst(invoices: readonly Invoice[]): Invoice[] {
  const time = (invoice: Invoice) => parseInstant(invoice.createdAt)?.getTime() ?? Number.MIN_SAFE_INTEGER;
  return [...invoices].sort((a, b) => time(b) - time(a));
}
