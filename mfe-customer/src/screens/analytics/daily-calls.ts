import type { UsageRecord } from '@app/contracts';
import { daysOf, utcDayOf, type DayRange } from './date-range.js';

export interface DailyCalls {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  calls: number;
}

/**
 * API calls per UTC day over the range, a zero for each day without a record (GET /api/usage sends one record
 * per metric and day with any use, none for idle days). Records outside the range are left out.
 */
export function dailyApiCalls(records: readonly UsageRecord[], range: DayRange): DailyCalls[] {
  const byDay = new Map(daysOf(range).map((day) => [day, 0]));
  for (const record of records) {
    if (record.metric !== 'api_calls') continue;
    const day = utcDayOf(record.periodStart);
    const calls = byDay.get(day);
    if (calls !== undefined) byDay.set(day, calls + record.quantity);
  }
  return [...byDay].map(([day, calls]) => ({ day, calls }));
}

export function totalCalls(series: readonly DailyCalls[]): number {
  return series.reduce((sum, { calls }) => sum + calls, 0);
}
