import { describe, expect, it } from 'vitest';
import {
  entityLabel,
  formatDate,
  formatErrorRate,
  formatMilliseconds,
  formatPercent,
  formatStorage,
  formatUptime,
  healthBadgeVariant,
  issuesBannerText,
  overageLabel,
  showsIssuesBanner,
  storageUsedPercent,
} from '../../src/screens/tenant-monitoring/format.js';

const alerts = (open: number, critical: number) => ({
  open_issues_count: open,
  critical_alerts_last_7_days: critical,
  last_incident_datetime: null,
});

describe('monitoring formatting (SPEC.md §2 "Tenant monitoring", §9)', () => {
  it('shows uptime as days, hours and minutes, dropping seconds', () => {
    expect(formatUptime(0)).toBe('0d 0h 0m');
    expect(formatUptime(59)).toBe('0d 0h 0m');
    expect(formatUptime(3 * 86_400 + 4 * 3_600 + 5 * 60 + 59)).toBe('3d 4h 5m');
    expect(formatUptime(86_399)).toBe('0d 23h 59m');
    expect(formatUptime(86_400)).toBe('1d 0h 0m');
  });

  it('shows storage in MB below 1024 MB and in GB with one decimal from 1024 MB on', () => {
    expect(formatStorage(0)).toBe('0 MB');
    expect(formatStorage(512)).toBe('512 MB');
    expect(formatStorage(1023.94)).toBe('1023.9 MB');
    expect(formatStorage(1024)).toBe('1.0 GB');
    expect(formatStorage(1536)).toBe('1.5 GB');
    expect(formatStorage(10_240)).toBe('10.0 GB');
  });

  it('shows the error rate with 2 decimals', () => {
    expect(formatErrorRate(0)).toBe('0.00%');
    expect(formatErrorRate(1.5)).toBe('1.50%');
    expect(formatErrorRate(0.126)).toBe('0.13%');
  });

  it('shows percentages and milliseconds compactly', () => {
    expect(formatPercent(42)).toBe('42%');
    expect(formatPercent(42.256)).toBe('42.26%');
    expect(formatPercent(99.95)).toBe('99.95%');
    expect(formatMilliseconds(123.6)).toBe('124 ms');
  });

  it('shows custom entity keys with every underscore as a space', () => {
    expect(entityLabel('purchase_orders')).toBe('purchase orders');
    expect(entityLabel('a_b_c')).toBe('a b c');
    expect(entityLabel('invoices')).toBe('invoices');
  });

  it('fills the storage bar by the part in use, capped at 100 and 0 with nothing allocated', () => {
    expect(storageUsedPercent(256, 1024)).toBe(25);
    expect(storageUsedPercent(2048, 1024)).toBe(100);
    expect(storageUsedPercent(10, 0)).toBe(0);
  });

  it('styles the health badge default only when healthy', () => {
    expect(healthBadgeVariant('healthy')).toBe('default');
    expect(healthBadgeVariant('degraded')).toBe('destructive');
    expect(healthBadgeVariant(undefined)).toBe('destructive');
  });

  it('shows the issues banner when either count is above 0', () => {
    expect(showsIssuesBanner(undefined)).toBe(false);
    expect(showsIssuesBanner(alerts(0, 0))).toBe(false);
    expect(showsIssuesBanner(alerts(1, 0))).toBe(true);
    expect(showsIssuesBanner(alerts(0, 2))).toBe(true);
    expect(issuesBannerText(alerts(3, 1))).toBe('3 open issues, 1 critical alerts in last 7 days');
  });

  it('names the overage status', () => {
    expect(overageLabel(true)).toBe('Over Limit');
    expect(overageLabel(false)).toBe('Within Limits');
  });

  it('formats dates, falling back when there is none or it cannot be read', () => {
    expect(formatDate('2026-03-04T12:00:00Z', 'None')).toBe('Mar 4, 2026');
    expect(formatDate(null, 'None')).toBe('None');
    expect(formatDate('not a date', 'Never')).toBe('Never');
  });
});
