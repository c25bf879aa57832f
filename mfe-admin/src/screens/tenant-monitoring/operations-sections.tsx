import type { TenantMetricsReply } from '@app/contracts';
import { Badge, Progress } from '@app/ui';
import {
  formatCount,
  formatDate,
  formatErrorRate,
  formatMilliseconds,
  formatPercent,
  formatStorage,
  overageLabel,
  storageUsedPercent,
} from './format.js';
import { MetricCard, StatList, StatsCard } from './metric-card.js';

/** Performance Metrics, Storage Usage, Security Monitoring, License & SLA (SPEC.md §2 "Tenant monitoring"). */
export function OperationsSections({ metrics }: { metrics: TenantMetricsReply }) {
  return (
    <>
      <StatsCard
        title="Performance Metrics"
        group={metrics.performance}
        stats={(performance) => [
          { label: 'Avg Response Time', value: formatMilliseconds(performance.average_response_time_ms) },
          { label: 'Error Rate', value: formatErrorRate(performance.error_rate_percent) },
          { label: '5xx Errors', value: formatCount(performance.api_5xx_count) },
          { label: '4xx Errors', value: formatCount(performance.api_4xx_count) },
          { label: 'Peak RPS', value: formatCount(performance.peak_rps) },
        ]}
      />
      <MetricCard title="Storage Usage" group={metrics.storage}>
        {(storage) => {
          const used = `${formatStorage(storage.used_mb)} / ${formatStorage(storage.total_allocated_mb)}`;
          return (
            <div className="grid gap-3">
              <p className="text-lg font-bold">{used}</p>
              <Progress
                value={storageUsedPercent(storage.used_mb, storage.total_allocated_mb)}
                aria-label={`Storage used ${used}`}
              />
              <StatList
                stats={[
                  { label: 'Monthly Data Ingested', value: formatStorage(storage.monthly_data_ingested_mb) },
                  { label: 'Monthly Data Egressed', value: formatStorage(storage.monthly_data_egressed_mb) },
                ]}
              />
            </div>
          );
        }}
      </MetricCard>
      <StatsCard
        title="Security Monitoring"
        group={metrics.security}
        stats={(security) => [
          { label: 'Failed Login Attempts', value: formatCount(security.failed_login_attempts) },
          { label: 'Password Resets', value: formatCount(security.password_reset_requests) },
          { label: 'Account Lockouts', value: formatCount(security.account_lockouts) },
          { label: 'Last Admin Action', value: formatDate(security.last_admin_action, 'None') },
        ]}
      />
      <StatsCard
        title="License & SLA"
        group={metrics.license}
        stats={(license) => [
          { label: 'License Tier', value: license.current_usage_tier },
          { label: 'Expires', value: formatDate(license.expiry_date, 'None') },
          { label: 'SLA Uptime', value: formatPercent(license.sla_uptime_percent) },
          {
            label: 'Overage Status',
            value: (
              <Badge variant={license.overage_flag ? 'destructive' : 'success'}>
                {overageLabel(license.overage_flag)}
              </Badge>
            ),
          },
        ]}
      />
    </>
  );
}
