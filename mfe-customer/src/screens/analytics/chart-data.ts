import { formatUsd } from '@app/ui';
import type { ChartData } from './chart-card.js';
import { totalCalls, type DailyCalls } from './daily-calls.js';
import { rangeLabel, type RangeDays } from './date-range.js';
import { counted, formatCount, fullDay, monthLabel } from './labels.js';
import { totalSpend, type MonthlySpend } from './monthly-spend.js';

export function dailyCallsChartData(daily: readonly DailyCalls[], days: RangeDays): ChartData {
  const total = totalCalls(daily);
  const range = rangeLabel(days).toLowerCase();
  return {
    summary: `API calls per day, ${range}: ${counted(total, 'call', 'calls')} in total`,
    columns: ['Date', 'API calls'],
    rows: daily.map(({ day, calls }) => [fullDay(day), formatCount(calls)] as const),
    empty: total === 0 ? `No API calls in the ${range}.` : null,
  };
}

export function monthlySpendChartData(monthly: readonly MonthlySpend[], days: RangeDays): ChartData {
  const total = totalSpend(monthly);
  const range = rangeLabel(days).toLowerCase();
  return {
    summary: `Spend per month, ${range}: ${formatUsd(total)} in total`,
    columns: ['Month', 'Spend'],
    rows: monthly.map(({ month, amount }) => [monthLabel(month), formatUsd(amount)] as const),
    empty: total === 0 ? `No invoices in the ${range}.` : null,
  };
}
