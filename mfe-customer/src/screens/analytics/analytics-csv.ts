import { toCsv, type CsvCell } from '@app/csv';
import type { DayRange } from './date-range.js';
import { statCardTitles, successRate, type AnalyticsFigures } from './figures.js';

/** `analytics-2026-10-24-to-2026-11-22.csv`. */
export function analyticsFileName({ from, to }: DayRange): string {
  return `analytics-${from}-to-${to}.csv`;
}

/**
 * The numbers on screen, one per row under a single Section,Item,Value header so the file stays one table:
 * the range, the stat cards (in their order, by their titles), API calls per day and spend per month. Money in
 * dollars with two decimals.
 */
export function analyticsCsv(figures: AnalyticsFigures): string {
  const rows: CsvCell[][] = [
    ['Section', 'Item', 'Value'],
    ['Range', 'From', figures.range.from],
    ['Range', 'To', figures.range.to],
    ['Summary', `${statCardTitles.spend} (USD)`, dollars(figures.spend)],
    ['Summary', statCardTitles.activeSubscriptions, figures.activeSubscriptions],
    ['Summary', statCardTitles.apiCalls, figures.apiCalls],
    ['Summary', successRate.title, successRate.value],
    ['Summary', 'Usage Records', figures.usageRecords],
    ...figures.daily.map(({ day, calls }): CsvCell[] => ['API calls per day', day, calls]),
    ...figures.monthly.map(({ month, amount }): CsvCell[] => [
      'Spend per month (USD)',
      month,
      dollars(amount),
    ]),
  ];
  return toCsv(rows);
}

function dollars(amount: number): string {
  return amount.toFixed(2);
}
