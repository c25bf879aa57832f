import { formatUsd } from '@app/ui';
import type { ChartData } from './chart-card.js';
import type { DailyCalls } from './daily-calls.js';
import { rangeLabel, type RangeDays } from './date-range.js';
import { counted, formatCount, fullDay, monthLabel } from './labels.js';
import type { MonthlySpend } from './monthly-spend.js';

export function dailyCallsChartData(daily: readonly DailyCalls[], days: RangeDays): ChartData {
  const total = daily.reduce((sum, { calls }) => sum + calls, 0);
  const range = rangeLabel(days).toLowerCase();
  return {
    summary: `API calls per day, ${range}: ${counted(total, 'call', 'calls')} in total`,
    columns: ['Date', 'API calls'],
    rows: daily.map(({ day, calls }) => [fullDay(day), formatCount(calls)] as const),
    empty: total === 0 ? `No API calls in the ${range}.` : null,
  };
}

export function monthlySpendChartData(monthly: readonly MonthlySpend[], days: RangeDays): ChartData {
  const totalCents = monthly.reduce((sum, { amount }) => sum + Math.round(amount * 100), 0);
  const range = rangeLabel(days).toLowerCase();
  return {
    summary: `Spend per month, ${range}: ${formatUsd(totalCents / 100)} in total`,
    columns: ['Month', 'Spend'],
    rows: monthly.map(({ month, amount }) => [monthLabel(month), formatUsd(amount)] as const),
    empty: totalCents === 0 ? `No invoices in the ${range}.` : null,
  };
}
