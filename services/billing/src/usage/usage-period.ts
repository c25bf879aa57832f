import { v5 as uuidv5 } from 'uuid';
import type { UsageMetric } from '@app/contracts';

/** Whole UTC days, both included, as `YYYY-MM-DD`: the unit usage is stored and asked for in. */
export interface DayRange {
  from: string;
  to: string;
}

/** Names usage records: one id per user, metric and day, the same on every read and after a rebuild. */
const usageRecordNamespace = '8a0bfc12-d84e-4148-acef-264cf71ad267';

const dayMs = 24 * 60 * 60 * 1000;

/** The UTC calendar day of an instant. */
export function utcDayOf(instant: string | Date): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/**
 * The day a batch's calls are counted on: that of its `periodStart`. A batch lasts seconds; one that straddles
 * midnight puts those seconds on the day it began. It never straddles a month (the gateway closes its tally at
 * each month start), so monthly totals are exact.
 */
export const usageDayOfBatch = (batch: { periodStart: string }): string => utcDayOf(batch.periodStart);

/** The UTC calendar month around `now`, first day to last. */
export function monthAround(now: Date): DayRange {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    from: utcDayOf(new Date(Date.UTC(year, month, 1))),
    to: utcDayOf(new Date(Date.UTC(year, month + 1, 0))),
  };
}

/** What GET /api/usage answers for an already validated query: the range asked for, else the current month. */
export function usageRange(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): DayRange {
  return query.from !== undefined && query.to !== undefined
    ? { from: query.from, to: query.to }
    : monthAround(now);
}

/** A day's record covers midnight to midnight UTC, the end excluded, as the gateway's batch periods do. */
export function periodOfDay(day: string): { periodStart: string; periodEnd: string } {
  const start = Date.parse(`${day}T00:00:00.000Z`);
  return { periodStart: new Date(start).toISOString(), periodEnd: new Date(start + dayMs).toISOString() };
}

export function usageRecordId(userId: string, metric: UsageMetric, day: string): string {
  return uuidv5(`${userId}/${metric}/${day}`, usageRecordNamespace);
}
