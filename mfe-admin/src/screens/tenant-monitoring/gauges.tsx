import type { TenantMetricsReply } from '@app/contracts';
import { Progress } from '@app/ui';
import { formatPercent, formatUptime } from './format.js';
import { MetricCard } from './metric-card.js';

function Gauge({ title, percent }: { title: string; percent: number }) {
  return (
    <div className="grid gap-2">
      <p className="text-2xl font-bold">{formatPercent(percent)}</p>
      <Progress value={percent} aria-label={`${title} ${formatPercent(percent)}`} />
    </div>
  );
}

/** The four gauges (SPEC.md §2): System Status with uptime, then CPU, Memory and Disk percent. */
export function Gauges({ health }: { health: TenantMetricsReply['system_health'] }) {
  return (
    <>
      <MetricCard title="System Status" group={health}>
        {({ status, uptime_seconds }) => (
          <div className="grid gap-1">
            <p className="text-2xl font-bold capitalize">{status}</p>
            <p className="text-sm text-muted-foreground">Uptime: {formatUptime(uptime_seconds)}</p>
          </div>
        )}
      </MetricCard>
      <MetricCard title="CPU" group={health}>
        {({ cpu_usage_percent }) => <Gauge title="CPU" percent={cpu_usage_percent} />}
      </MetricCard>
      <MetricCard title="Memory" group={health}>
        {({ memory_usage_percent }) => <Gauge title="Memory" percent={memory_usage_percent} />}
      </MetricCard>
      <MetricCard title="Disk" group={health}>
        {({ disk_usage_percent }) => <Gauge title="Disk" percent={disk_usage_percent} />}
      </MetricCard>
    </>
  );
}
