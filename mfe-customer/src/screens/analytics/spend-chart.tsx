import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUsd } from '@app/ui';
import { ChartCard } from './chart-card.js';
import { monthlySpendChartData } from './chart-data.js';
import { rangeLabel, type RangeDays } from './date-range.js';
import { monthLabel } from './labels.js';
import type { MonthlySpend } from './monthly-spend.js';

/** What the customer was invoiced per month within the range, from their invoices' `createdAt`. */
export function SpendChart({
  monthly,
  failed,
  days,
}: {
  monthly: MonthlySpend[] | undefined;
  failed: boolean;
  days: RangeDays;
}) {
  return (
    <ChartCard
      title="Spend per month"
      description={`Invoices created in the ${rangeLabel(days).toLowerCase()}`}
      data={monthly && monthlySpendChartData(monthly, days)}
      failed={failed}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={monthly} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="month" tickFormatter={monthLabel} tickLine={false} fontSize={12} />
          <YAxis tickFormatter={formatUsd} width={72} tickLine={false} fontSize={12} />
          <Tooltip
            labelFormatter={(month) => monthLabel(String(month))}
            formatter={(amount) => [formatUsd(Number(amount)), 'Spend']}
          />
          <Bar
            dataKey="amount"
            name="Spend"
            fill="var(--color-chart-2)"
            radius={[3, 3, 0, 0]}
            maxBarSize={64}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
