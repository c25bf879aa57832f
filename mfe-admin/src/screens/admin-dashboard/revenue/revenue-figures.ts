import type { RevenueMonthFigures } from '@app/contracts';
import { formatUsd } from '@app/ui';

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const longMonthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

const monthStart = (month: string) => new Date(`${month}-01T00:00:00.000Z`);

/** "Nov 2026": billing's months are UTC calendar months. */
export function monthLabel(month: string): string {
  return monthFormat.format(monthStart(month));
}

export function longMonthLabel(month: string): string {
  return longMonthFormat.format(monthStart(month));
}

/** A ratio as billing answers it (1.02 is 102 %), or "—" when it has no denominator (no MRR at start). */
export function formatRatio(ratio: number | null): string {
  return ratio === null ? '—' : percentFormat.format(ratio);
}

/** "1 new customer", "3 paying customers". */
function customers(count: number, kind: string): string {
  return `${count} ${kind} ${count === 1 ? 'customer' : 'customers'}`;
}

export type FigureIcon = 'mrr' | 'up' | 'down' | 'retention' | 'customers' | 'money' | 'alert';

export interface RevenueFigure {
  title: string;
  value: string;
  note: string;
  icon: FigureIcon;
}

/**
 * The month's figures as the Revenue tab shows them (services/billing/README.md "Revenue analytics" defines
 * each): lost MRR as the positive amounts billing answers, labelled as losses.
 */
export function revenueFigures(month: RevenueMonthFigures): RevenueFigure[] {
  return [
    {
      title: 'MRR',
      value: formatUsd(month.mrr),
      note: `${formatUsd(month.mrrAtStart)} at start`,
      icon: 'mrr',
    },
    {
      title: 'New MRR',
      value: formatUsd(month.newMrr),
      note: customers(month.newCustomers, 'new'),
      icon: 'up',
    },
    { title: 'Expansion MRR', value: formatUsd(month.expansionMrr), note: 'Upgrades', icon: 'up' },
    { title: 'Contraction MRR', value: formatUsd(month.contractionMrr), note: 'Downgrades', icon: 'down' },
    {
      title: 'Churned MRR',
      value: formatUsd(month.churnedMrr),
      note: customers(month.churnedCustomers, 'churned'),
      icon: 'down',
    },
    {
      title: 'Reactivated MRR',
      value: formatUsd(month.reactivationMrr),
      note: customers(month.reactivatedCustomers, 'reactivated'),
      icon: 'up',
    },
    {
      title: 'Net revenue retention',
      value: formatRatio(month.netRevenueRetention),
      note: 'Of MRR at start',
      icon: 'retention',
    },
    {
      title: 'Logo churn',
      value: formatRatio(month.logoChurnRate),
      note: `Of ${customers(month.customersAtStart, 'paying')} at start`,
      icon: 'customers',
    },
    {
      title: 'ARPA',
      value: month.arpa === null ? '—' : formatUsd(month.arpa),
      note: customers(month.customers, 'paying'),
      icon: 'customers',
    },
    {
      title: 'Collected',
      value: formatUsd(month.collected),
      note: `${month.paidInvoices} paid invoices`,
      icon: 'money',
    },
    { title: 'Outstanding', value: formatUsd(month.outstanding), note: 'Unpaid at month end', icon: 'money' },
    { title: 'Overdue', value: formatUsd(month.overdue), note: 'Past due at month end', icon: 'alert' },
  ];
}
