import { SectionCard, Skeleton } from '@app/ui';
import { useTenantMetricsHistory } from '@app/web-data';
import { useId } from 'react';
import { Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatTime } from './format.js';
import { trendPoints, trends, trendSummary, type TrendDefinition } from './trend-summary.js';
import type { TenantMetricsHistoryReply } from '@app/contracts';

function TrendChart({
  trend,
  points,
}: {
  trend: TrendDefinition;
  points: TenantMetricsHistoryReply['points'];
}) {
  const summaryId = useId();
  return (
    <figure className="grid min-w-0 gap-2" aria-labelledby={`${summaryId}-title`}>
      <h3 id={`${summaryId}-title`} className="text-sm font-medium">
        {trend.title}
      </h3>
      <div
        role="img"
        aria-label={`${trend.title} over the last 24 hours`}
        aria-describedby={summaryId}
        className="h-32 w-full"
      >
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 128 }}>
          <LineChart data={trendPoints(points, trend.key)} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <XAxis dataKey="at" tickFormatter={formatTime} minTickGap={48} tick={{ fontSize: 11 }} />
            <YAxis width={48} tickFormatter={trend.format} tick={{ fontSize: 11 }} />
            <Tooltip
              labelFormatter={(label) => formatTime(String(label))}
              formatter={(value) => (typeof value === 'number' ? trend.format(value) : String(value))}
            />
            <Line
              type="monotone"
              dataKey="value"
              name={trend.title}
              stroke="var(--color-primary)"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption id={summaryId} className="text-xs text-muted-foreground">
        {trendSummary(points, trend)}
      </figcaption>
    </figure>
  );
}

/** Beyond the spec's page: the last 24 hours of CPU, memory, response time and error rate. */
export function TrendCharts({ tenantId, subscriptionId }: { tenantId: string; subscriptionId?: string }) {
  const history = useTenantMetricsHistory(tenantId, subscriptionId);
  return (
    <SectionCard
      className="col-span-full"
      title="Trends (last 24 hours)"
      headerClassName="pb-2"
      titleClassName="text-base"
    >
      {history.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <p role="status" className="sr-only">
            Loading trends...
          </p>
          {trends.map((trend) => (
            <Skeleton key={trend.key} className="h-40 w-full" />
          ))}
        </div>
      ) : history.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Trends are unavailable: {history.error.message}
        </p>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2">
          {trends.map((trend) => (
            <TrendChart key={trend.key} trend={trend} points={history.data.points} />
          ))}
        </div>
      )}
    </SectionCard>
  );
}
