import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from './chart-card.js';
import { dailyCallsChartData } from './chart-data.js';
import type { DailyCalls } from './daily-calls.js';
import { rangeLabel, type RangeDays } from './date-range.js';
import { formatCount, fullDay, shortDay } from './labels.js';

/**
 * API calls per UTC day. Axis labels are short ("Nov 21") and recharts drops the ones that would overlap
 * (`minTickGap`), so a 375 px phone shows a few readable dates rather than ninety crowded ones.
 */
export function ApiCallsChart({
  daily,
  failed,
  days,
}: {
  daily: DailyCalls[] | undefined;
  failed: boolean;
  days: RangeDays;
}) {
  return (
    <ChartCard
      title="API calls per day"
      description={rangeLabel(days)}
      data={daily && dailyCallsChartData(daily, days)}
      failed={failed}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={daily} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="day"
            tickFormatter={shortDay}
            interval="preserveStartEnd"
            minTickGap={24}
            tickLine={false}
            fontSize={12}
          />
          <YAxis
            allowDecimals={false}
            tickFormatter={formatCount}
            width={48}
            tickLine={false}
            fontSize={12}
          />
          <Tooltip
            labelFormatter={(day) => fullDay(String(day))}
            formatter={(calls) => [formatCount(Number(calls)), 'API calls']}
          />
          <Bar dataKey="calls" name="API calls" fill="var(--color-chart-1)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
