import type { UsageRecord } from '@app/contracts';
import { toAmount } from '@app/ui';
import { daysOf, utcDayOf, type DayRange } from './date-range.js';

export interface DailyCalls {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  calls: number;
}

/**
 * API calls per UTC day over the range, a zero for each day without a record (GET /api/usage sends one record
 * per metric and day with any use, none for idle days). Records outside the range, or without a valid start, are
 * left out; a quantity may be a numeric string (SPEC.md §3).
 */
export function dailyApiCalls(records: readonly UsageRecord[], range: DayRange): DailyCalls[] {
  const byDay = new Map(daysOf(range).map((day) => [day, 0]));
  for (const record of records) {
    if (record.metric !== 'api_calls') continue;
    const day = utcDayOf(record.periodStart);
    if (day === undefined) continue;
    const calls = byDay.get(day);
    if (calls !== undefined) byDay.set(day, calls + toAmount(record.quantity));
  }
  return [...byDay].map(([day, calls]) => ({ day, calls }));
}

export function totalCalls(series: readonly DailyCalls[]): number {
  return series.reduce((sum, { calls }) => sum + calls, 0);
}
