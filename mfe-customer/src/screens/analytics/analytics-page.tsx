import {
  isUnauthorizedError,
  useCurrentUser,
  useInvoices,
  useSubscriptions,
  useUsageRange,
} from '@app/web-data';
import { useMemo, useState } from 'react';
import { ApiCallsChart } from './api-calls-chart.js';
import { dayRange, defaultRangeDays, type RangeDays } from './date-range.js';
import { ExportButton } from './export-button.js';
import { activeSubscriptionCount, spendFigures, usageFigures, type AnalyticsFigures } from './figures.js';
import { RangePicker } from './range-picker.js';
import { ReadErrors } from './read-errors.js';
import { RecentActivity } from './recent-activity.js';
import { SpendChart } from './spend-chart.js';
import { StatCards } from './stat-cards.js';
import { useLogInAgain } from '../../components/use-log-in-again.js';

/**
 * Analytics (SPEC.md §2): the old page showed sample numbers; this one shows the signed-in customer's own usage,
 * invoices and subscriptions over the chosen range, and exports exactly those numbers.
 */
export function AnalyticsPage() {
  const [today] = useState(() => new Date());
  const [days, setDays] = useState<RangeDays>(defaultRangeDays);
  const range = useMemo(() => dayRange(days, today), [days, today]);

  const auth = useCurrentUser();
  const usage = useUsageRange(range);
  const invoices = useInvoices();
  const subscriptions = useSubscriptions();

  const usageNumbers = useMemo(() => usage.data && usageFigures(usage.data, range), [usage.data, range]);
  const spendNumbers = useMemo(
    () => invoices.data && spendFigures(invoices.data, range),
    [invoices.data, range],
  );
  const active = subscriptions.data && activeSubscriptionCount(subscriptions.data);
  const figures: AnalyticsFigures | undefined =
    usageNumbers && spendNumbers && active !== undefined
      ? { range, ...usageNumbers, ...spendNumbers, activeSubscriptions: active }
      : undefined;

  const reads = [
    { name: 'Usage', error: usage.error },
    { name: 'Invoices', error: invoices.error },
    { name: 'Subscriptions', error: subscriptions.error },
  ];
  const signedOut = !auth.isLoading && !auth.isAuthenticated;
  useLogInAgain(signedOut || reads.some(({ error }) => isUnauthorizedError(error)));

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-3xl font-bold text-foreground">Analytics Dashboard</h1>
        <div className="flex flex-wrap items-center gap-2">
          <RangePicker value={days} onChange={setDays} />
          <ExportButton figures={figures} />
        </div>
      </div>
      {figures === undefined && !reads.some(({ error }) => error !== null) && (
        <p role="status" className="sr-only">
          Loading analytics...
        </p>
      )}
      <ReadErrors reads={reads} />
      <StatCards
        days={days}
        spend={{ value: spendNumbers?.spend, failed: invoices.isError }}
        apiCalls={{ value: usageNumbers?.apiCalls, failed: usage.isError }}
        activeSubscriptions={{ value: active, failed: subscriptions.isError }}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <ApiCallsChart daily={usageNumbers?.daily} failed={usage.isError} days={days} />
        <SpendChart monthly={spendNumbers?.monthly} failed={invoices.isError} days={days} />
      </div>
      <RecentActivity
        days={days}
        usageRecords={usageNumbers?.usageRecords}
        activeSubscriptions={active}
        failed={usage.isError || subscriptions.isError}
      />
    </div>
  );
}
