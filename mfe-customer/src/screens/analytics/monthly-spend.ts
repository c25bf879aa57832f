import type { Invoice } from '@app/contracts';
import { toAmount } from '@app/ui';
import { monthsOf, utcDayOf, type DayRange } from './date-range.js';

export interface MonthlySpend {
  /** Calendar month, YYYY-MM. */
  month: string;
  /** Dollars. */
  amount: number;
}

/**
 * What the customer was invoiced per month within the range: invoices created (UTC day) from `from` to `to`,
 * grouped by the month of `createdAt`, a zero for each month the range touches without one; an invoice without a
 * valid date is left out. Amounts may be numeric strings (SPEC.md §3). Summed in whole cents, since amounts have at
 * most two decimals and cents add up exactly.
 */
export function monthlySpend(invoices: readonly Invoice[], range: DayRange): MonthlySpend[] {
  const cents = new Map(monthsOf(range).map((month) => [month, 0]));
  for (const invoice of invoices) {
    const day = utcDayOf(invoice.createdAt);
    if (day === undefined || day < range.from || day > range.to) continue;
    const month = day.slice(0, 7);
    cents.set(month, (cents.get(month) ?? 0) + Math.round(toAmount(invoice.amount) * 100));
  }
  return [...cents].map(([month, total]) => ({ month, amount: total / 100 }));
}

export function totalSpend(months: readonly MonthlySpend[]): number {
  return months.reduce((sum, { amount }) => sum + Math.round(amount * 100), 0) / 100;
}
