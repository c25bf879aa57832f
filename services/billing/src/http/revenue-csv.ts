import type { RevenueMonthFigures } from '@app/contracts';
import type { CsvCell } from '@app/service-kit';

/**
 * The Revenue tab's CSV: one row per month, the figures as the API answers them (dollars, ratios as fractions,
 * an empty cell where a ratio has no denominator), so a spreadsheet reads the same numbers the screen shows.
 */
const columns = [
  ['Month', 'month'],
  ['MRR at start', 'mrrAtStart'],
  ['MRR', 'mrr'],
  ['New MRR', 'newMrr'],
  ['Expansion MRR', 'expansionMrr'],
  ['Contraction MRR', 'contractionMrr'],
  ['Churned MRR', 'churnedMrr'],
  ['Reactivation MRR', 'reactivationMrr'],
  ['Net new MRR', 'netNewMrr'],
  ['Customers at start', 'customersAtStart'],
  ['Customers', 'customers'],
  ['New customers', 'newCustomers'],
  ['Churned customers', 'churnedCustomers'],
  ['Reactivated customers', 'reactivatedCustomers'],
  ['Net revenue retention', 'netRevenueRetention'],
  ['Logo churn rate', 'logoChurnRate'],
  ['ARPA', 'arpa'],
  ['Collected', 'collected'],
  ['Paid invoices', 'paidInvoices'],
  ['Outstanding', 'outstanding'],
  ['Overdue', 'overdue'],
] as const satisfies readonly (readonly [string, keyof RevenueMonthFigures])[];

export const revenueCsvHeader = columns.map(([title]) => title);

export function revenueCsvRow(month: RevenueMonthFigures): CsvCell[] {
  return columns.map(([, key]) => month[key]);
}

/** `revenue-2026-01-to-2026-06.csv`: the range in the name, so two exports do not overwrite each other. */
export function revenueCsvFileName(from: string, to: string): string {
  return `revenue-${from}-to-${to}.csv`;
}
