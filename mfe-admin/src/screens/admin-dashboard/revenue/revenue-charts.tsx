import type { RevenueMonthFigures } from '@app/contracts';
import { SectionCard, formatUsd } from '@app/ui';
import type { ReactElement } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  movementColumns,
  movementPoints,
  movementRows,
  movementSeries,
  mrrRows,
} from './revenue-chart-data.js';
import { monthLabel } from './revenue-figures.js';

/**
 * The Revenue tab's two charts over the report's months, loaded with recharts only when the tab opens
 * (revenue-tab.tsx): the MRR movements stacked, gains above the axis and losses below, and MRR as a line. Each
 * drawing is an image named by its gist, its numbers also in a visually hidden table.
 */
export function RevenueCharts({ months }: { months: RevenueMonthFigures[] }) {
  const last = months.at(-1);
  const first = months[0];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartSection
        title="MRR movements"
        summary={`New, expansion and reactivation MRR above zero, contraction and churn below, by month from ${first ? monthLabel(first.month) : ''}`}
        columns={movementColumns}
        rows={movementRows(months)}
      >
        <BarChart data={movementPoints(months)} stackOffset="sign" accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="month" tickFormatter={monthLabel} tickLine={false} fontSize={12} />
          <YAxis tickFormatter={formatUsd} width={80} tickLine={false} fontSize={12} />
          <ReferenceLine y={0} stroke="var(--color-muted-foreground)" />
          <Tooltip
            labelFormatter={(month) => monthLabel(String(month))}
            formatter={(amount, name) => [formatUsd(Number(amount)), name]}
          />
          <Legend />
          {movementSeries.map((series) => (
            <Bar
              key={series.key}
              dataKey={series.key}
              name={series.name}
              stackId="movements"
              fill={series.color}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ChartSection>
      <ChartSection
        title="MRR"
        summary={`MRR by month, ${last ? `${formatUsd(last.mrr)} in ${monthLabel(last.month)}` : 'none yet'}`}
        columns={['Month', 'MRR']}
        rows={mrrRows(months)}
      >
        <LineChart data={months} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="month" tickFormatter={monthLabel} tickLine={false} fontSize={12} />
          <YAxis tickFormatter={formatUsd} width={80} tickLine={false} fontSize={12} />
          <Tooltip
            labelFormatter={(month) => monthLabel(String(month))}
            formatter={(amount) => [formatUsd(Number(amount)), 'MRR']}
          />
          <Line
            type="monotone"
            dataKey="mrr"
            name="MRR"
            stroke="var(--color-primary)"
            strokeWidth={2}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartSection>
    </div>
  );
}

function ChartSection({
  title,
  summary,
  columns,
  rows,
  children,
}: {
  title: string;
  summary: string;
  columns: readonly string[];
  rows: readonly string[][];
  children: ReactElement;
}) {
  return (
    <SectionCard className="min-w-0" title={title} titleClassName="text-base">
      <div role="img" aria-label={summary} className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 300, height: 288 }}>
          {children}
        </ResponsiveContainer>
      </div>
      {/* Hidden by its box, not by the table's own class: a table grows to fit its unbreakable cells whatever
          its width, and six columns of them made a phone's page 294 px wider than the phone. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([month, ...values]) => (
              <tr key={month}>
                <td>{month}</td>
                {values.map((value, index) => (
                  <td key={columns[index + 1]}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SectionCard>
  );
}
