import type { Invoice, Subscription, UsageRecord } from '@app/contracts';
import { dailyApiCalls, totalCalls, type DailyCalls } from './daily-calls.js';
import type { DayRange } from './date-range.js';
import { monthlySpend, totalSpend, type MonthlySpend } from './monthly-spend.js';

/** SPEC.md §2 "Analytics": every number the page shows for one range, so the CSV export holds the same ones. */
export interface AnalyticsFigures {
  range: DayRange;
  daily: DailyCalls[];
  monthly: MonthlySpend[];
  /** Dollars invoiced in the range. */
  spend: number;
  apiCalls: number;
  activeSubscriptions: number;
  /** Usage records the range holds (one per metric and UTC day with any use). */
  usageRecords: number;
}

export function usageFigures(records: readonly UsageRecord[], range: DayRange) {
  const daily = dailyApiCalls(records, range);
  return { daily, apiCalls: totalCalls(daily), usageRecords: records.length };
}

export function spendFigures(invoices: readonly Invoice[], range: DayRange) {
  const monthly = monthlySpend(invoices, range);
  return { monthly, spend: totalSpend(monthly) };
}

export function activeSubscriptionCount(subscriptions: readonly Subscription[]): number {
  return subscriptions.filter((subscription) => subscription.status === 'active').length;
}

/**
 * SPEC.md §2 "Analytics": the stat cards keep the old page's labels over the customer's own figures
 * (ARCHITECTURE.md "Placeholders"); the CSV names each figure as its card does.
 */
export const statCardTitles = {
  spend: 'Total Revenue',
  activeSubscriptions: 'Active Users',
  apiCalls: 'API Calls',
} as const;

/**
 * The old page's Success Rate card had sample numbers. Nothing measures it: the gateway counts a customer's
 * answered calls (gateway/src/usage) without their outcome, and `api_calls` is the only usage metric.
 */
export const successRate = {
  title: 'Success Rate',
  value: 'Not measured yet',
  why: 'API calls are counted, but not whether they succeeded.',
} as const;
