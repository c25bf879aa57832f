import type { TenantMetricsReply } from '@app/contracts';
import { AlertTriangle } from 'lucide-react';
import { WrappingUrl } from '../../components/wrapping-url.js';
import { formatCount, formatDate, issuesBannerText, showsIssuesBanner } from './format.js';
import { StatsCard } from './metric-card.js';
import { refreshRateLabel } from './refresh.js';

type AlertsIssues = TenantMetricsReply['alerts_issues'];

/** The amber banner (SPEC.md §2): shown when open issues or critical alerts of the last 7 days exceed 0. */
export function IssuesBanner({ alerts }: { alerts: AlertsIssues }) {
  if (!alerts || !showsIssuesBanner(alerts)) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-warning-border bg-warning p-4 text-warning-foreground"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">{issuesBannerText(alerts)}</p>
        <p className="text-sm">Last incident: {formatDate(alerts.last_incident_datetime, 'None')}</p>
      </div>
    </div>
  );
}

export function AlertsCard({ alerts }: { alerts: AlertsIssues }) {
  return (
    <StatsCard
      title="Alerts & Issues"
      group={alerts}
      stats={(group) => [
        { label: 'Open Issues', value: formatCount(group.open_issues_count) },
        { label: 'Critical Alerts (7 days)', value: formatCount(group.critical_alerts_last_7_days) },
        { label: 'Last Incident', value: formatDate(group.last_incident_datetime, 'None') },
      ]}
    />
  );
}

/**
 * System Summary is about the monitoring itself, so it always shows, whatever the app reported. Its column is
 * narrow beside the others: the domain wraps between the parts of its URL, never inside a host or a port.
 */
export function SystemSummaryCard({ domainUrl }: { domainUrl: string | null }) {
  return (
    <StatsCard
      title="System Summary"
      group={true}
      stats={() => [
        { label: 'Data Refresh Rate', value: refreshRateLabel },
        { label: 'Domain URL', value: domainUrl ? <WrappingUrl url={domainUrl} /> : 'Not configured' },
        { label: 'Monitoring Status', value: 'Active' },
      ]}
    />
  );
}
