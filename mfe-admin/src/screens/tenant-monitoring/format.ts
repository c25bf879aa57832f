import type { TenantMetricsReply } from '@app/contracts';

/** SPEC.md §2 "Tenant monitoring" and §9: the display rules of the monitoring figures, one function each. */

const secondsPerMinute = 60;
const secondsPerHour = 60 * secondsPerMinute;
const secondsPerDay = 24 * secondsPerHour;

/** Uptime as days, hours and minutes: 273,900 s is "3d 4h 5m"; seconds are dropped. */
export function formatUptime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const days = Math.floor(whole / secondsPerDay);
  const hours = Math.floor((whole % secondsPerDay) / secondsPerHour);
  const minutes = Math.floor((whole % secondsPerHour) / secondsPerMinute);
  return `${days}d ${hours}h ${minutes}m`;
}

const megabytesPerGigabyte = 1024;

/** Storage in MB, or in GB with one decimal from 1024 MB on (SPEC.md §9). */
export function formatStorage(megabytes: number): string {
  if (megabytes >= megabytesPerGigabyte) return `${(megabytes / megabytesPerGigabyte).toFixed(1)} GB`;
  return `${Number(megabytes.toFixed(1))} MB`;
}

/** SPEC.md §9: the error rate always with 2 decimals. */
export function formatErrorRate(percent: number): string {
  return `${percent.toFixed(2)}%`;
}

/** Gauges and the SLA show two decimals at most, so 99.95% SLA never reads as 100%: 42 is "42%". */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

export function formatMilliseconds(milliseconds: number): string {
  return `${Math.round(milliseconds)} ms`;
}

const integer = new Intl.NumberFormat('en-US');

export function formatCount(count: number): string {
  return integer.format(count);
}

/** Custom entity keys come snake_case from the tenant's app; SPEC.md §2 shows underscores as spaces. */
export function entityLabel(key: string): string {
  return key.replaceAll('_', ' ');
}

/** The part of the allocation in use, for the storage bar; 0 when nothing is allocated. */
export function storageUsedPercent(usedMb: number, allocatedMb: number): number {
  if (allocatedMb <= 0) return 0;
  return Math.min(100, (usedMb / allocatedMb) * 100);
}

/** SPEC.md §2: healthy shows in the default style, any other status (or none) as destructive. */
export function healthBadgeVariant(status: string | undefined): 'default' | 'destructive' {
  return status === 'healthy' ? 'default' : 'destructive';
}

type AlertsIssues = NonNullable<TenantMetricsReply['alerts_issues']>;

/** The amber banner shows when either count is above 0 (SPEC.md §2). */
export function showsIssuesBanner(alerts: AlertsIssues | undefined): boolean {
  return alerts !== undefined && (alerts.open_issues_count > 0 || alerts.critical_alerts_last_7_days > 0);
}

export function issuesBannerText(alerts: AlertsIssues): string {
  return `${alerts.open_issues_count} open issues, ${alerts.critical_alerts_last_7_days} critical alerts in last 7 days`;
}

export function overageLabel(overage: boolean): string {
  return overage ? 'Over Limit' : 'Within Limits';
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** A date the tenant's app sent (ISO 8601), or the fallback when it sent none. */
export function formatDate(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  const time = Date.parse(value);
  return Number.isNaN(time) ? fallback : dateFormat.format(time);
}

export function formatTime(value: string): string {
  return timeFormat.format(Date.parse(value));
}
