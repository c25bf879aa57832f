// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TenantMetricsReply } from '@app/contracts';
import { cardTitled } from '../support/cards.js';
import { aTenant, aTenantMetricsReply } from '../support/fixtures.js';
import { renderMonitoring, stubMonitoring } from './monitoring-api.js';

/** The value shown next to a label in a section's description list. */
const valueOf = (title: string, label: string) =>
  cardTitled(title).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

async function show(metrics: TenantMetricsReply, tenant = aTenant({ name: 'Acme Corp' })) {
  stubMonitoring(tenant, { metrics });
  renderMonitoring(tenant.id);
  await screen.findByRole('heading', { name: 'System Summary' });
}

describe('Tenant monitoring sections', () => {
  it('shows product information, metadata, gauges and usage as the app reports them', async () => {
    await show(
      aTenantMetricsReply({
        usage_entities: {
          projects: 34,
          clients: 19,
          materials: 402,
          expenses: 1_250,
          contractors: 7,
          custom_entities: { purchase_orders: 5, site_safety_checks: 2 },
        },
      }),
    );
    expect(valueOf('Product Information', 'Product')).toBe('BuildTrack');
    expect(valueOf('Product Information', 'Version')).toBe('2.4.1');
    expect(valueOf('Product Information', 'License')).toBe('Commercial');
    expect(valueOf('Product Information', 'Region')).toBe('eu-west-1');
    expect(valueOf('Product Information', 'Timezone')).toBe('Europe/Berlin');
    expect(valueOf('System Metadata', 'Tenant Type')).toBe('Enterprise');
    expect(
      within(cardTitled('System Metadata').getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['priority', 'eu']);
    expect(valueOf('System Metadata', 'Admin Notes')).toBe('Renewal in March');

    expect(cardTitled('System Status').getByText('Uptime: 3d 4h 5m')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'CPU 42%' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Memory 63.5%' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Disk 71%' })).toBeInTheDocument();

    expect(valueOf('User Analytics', 'Total')).toBe('120');
    expect(valueOf('User Analytics', 'Active 7 days')).toBe('80');
    expect(valueOf('User Analytics', 'Active 30 days')).toBe('110');
    expect(valueOf('User Analytics', 'New Users')).toBe('12');
    expect(valueOf('Feature Usage', 'Project Creation')).toBe('34');
    expect(valueOf('Feature Usage', 'Connected Integrations')).toBe('3');
    expect(valueOf('Entity Counters', 'Expenses')).toBe('1,250');
    expect(valueOf('Entity Counters', 'purchase orders')).toBe('5');
    expect(valueOf('Entity Counters', 'site safety checks')).toBe('2');
  });

  it('formats performance, storage, security and license figures', async () => {
    await show(
      aTenantMetricsReply({
        performance: {
          average_response_time_ms: 182.4,
          error_rate_percent: 1.5,
          api_5xx_count: 4,
          api_4xx_count: 57,
          peak_rps: 35,
        },
        storage: {
          used_mb: 1_536,
          total_allocated_mb: 10_240,
          monthly_data_ingested_mb: 2_048,
          monthly_data_egressed_mb: 300,
        },
        license: {
          current_usage_tier: 'Growth',
          expiry_date: '2026-12-31T12:00:00.000Z',
          sla_uptime_percent: 99.95,
          overage_flag: true,
        },
      }),
    );
    expect(valueOf('Performance Metrics', 'Avg Response Time')).toBe('182 ms');
    expect(valueOf('Performance Metrics', 'Error Rate')).toBe('1.50%');
    expect(valueOf('Performance Metrics', '5xx Errors')).toBe('4');
    expect(valueOf('Performance Metrics', '4xx Errors')).toBe('57');
    expect(valueOf('Performance Metrics', 'Peak RPS')).toBe('35');
    expect(cardTitled('Storage Usage').getByText('1.5 GB / 10.0 GB')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Storage used 1.5 GB / 10.0 GB' })).toHaveAttribute(
      'aria-valuenow',
      '15',
    );
    expect(valueOf('Storage Usage', 'Monthly Data Ingested')).toBe('2.0 GB');
    expect(valueOf('Storage Usage', 'Monthly Data Egressed')).toBe('300 MB');
    expect(valueOf('Security Monitoring', 'Failed Login Attempts')).toBe('6');
    expect(valueOf('Security Monitoring', 'Password Resets')).toBe('2');
    expect(valueOf('Security Monitoring', 'Account Lockouts')).toBe('1');
    expect(valueOf('Security Monitoring', 'Last Admin Action')).toBe('Jan 14, 2026');
    expect(valueOf('License & SLA', 'License Tier')).toBe('Growth');
    expect(valueOf('License & SLA', 'Expires')).toBe('Dec 31, 2026');
    expect(valueOf('License & SLA', 'SLA Uptime')).toBe('99.95%');
    expect(valueOf('License & SLA', 'Overage Status')).toBe('Over Limit');
  });

  it('shows no banner and Last Incident None without issues, and the system summary', async () => {
    await show(aTenantMetricsReply(), aTenant({ name: 'Acme Corp', domainUrl: 'https://acme.example.com' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(valueOf('Alerts & Issues', 'Last Incident')).toBe('None');
    expect(valueOf('System Summary', 'Data Refresh Rate')).toBe('5 minutes');
    expect(valueOf('System Summary', 'Domain URL')).toBe('https://acme.example.com');
    expect(valueOf('System Summary', 'Monitoring Status')).toBe('Active');
    expect(valueOf('License & SLA', 'Overage Status')).toBe('Within Limits');
  });

  it('wraps the domain URL only between its parts, never inside a host name or a port', async () => {
    const domainUrl = 'http://127.0.0.1:14100/api/metrics';
    await show(aTenantMetricsReply(), aTenant({ name: 'Acme Corp', domainUrl }));
    const value = cardTitled('System Summary').getByText('Domain URL', { selector: 'dt' }).nextElementSibling;
    expect(value?.textContent).toBe(domainUrl);
    const breaks = [...(value?.childNodes ?? [])].map((node) =>
      node.nodeName === 'WBR' ? '|' : node.textContent,
    );
    expect(breaks.join('')).toBe('http://|127|.0|.0|.1:|14100|/api|/metrics');
  });

  it.each([
    [2, 0, '2 open issues, 0 critical alerts in last 7 days'],
    [0, 3, '0 open issues, 3 critical alerts in last 7 days'],
  ])('shows the amber banner with %i open issues and %i critical alerts', async (open, critical, text) => {
    await show(
      aTenantMetricsReply({
        alerts_issues: {
          open_issues_count: open,
          critical_alerts_last_7_days: critical,
          last_incident_datetime: '2026-01-10T12:00:00.000Z',
        },
      }),
    );
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent(text);
    expect(banner).toHaveTextContent('Last incident: Jan 10, 2026');
    expect(valueOf('Alerts & Issues', 'Last Incident')).toBe('Jan 10, 2026');
  });

  it('lists user logins in a table with Active or Inactive', async () => {
    const metrics = aTenantMetricsReply();
    if (!metrics.users) throw new Error('expected users');
    await show({
      ...metrics,
      users: {
        ...metrics.users,
        user_login_summary: [
          {
            email: 'ana@acme.example.com',
            user_id: 'u-1',
            last_login: '2026-01-14T12:00:00Z',
            monthly_login_count: 22,
            inactive: false,
          },
          {
            email: 'bo@acme.example.com',
            user_id: 'u-2',
            last_login: null,
            monthly_login_count: 0,
            inactive: true,
          },
        ],
      },
    });
    // The table scrolls sideways on a phone, inside a region the keyboard can focus and so scroll.
    const scroller = screen.getByRole('region', { name: 'User Login Summary' });
    expect(scroller).toHaveAttribute('tabindex', '0');
    const rows = within(within(scroller).getByRole('table', { name: 'User Login Summary' })).getAllByRole(
      'row',
    );
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Email', 'User ID', 'Last Login', 'Monthly Logins', 'Status'],
      ['ana@acme.example.com', 'u-1', 'Jan 14, 2026', '22', 'Active'],
      ['bo@acme.example.com', 'u-2', 'Never', '0', 'Inactive'],
    ]);
  });

  it('says a group the app did not send is not reported, and the badge is destructive without health', async () => {
    await show(
      aTenantMetricsReply({
        storage: undefined,
        system_health: undefined,
        missingGroups: ['system_health', 'storage'],
      }),
    );
    expect(cardTitled('Storage Usage').getByText("Not reported by the tenant's app")).toBeInTheDocument();
    expect(cardTitled('CPU').getByText("Not reported by the tenant's app")).toBeInTheDocument();
    expect(screen.getByText('unknown', { selector: '[data-slot="badge"]' }).className).toContain(
      'bg-destructive',
    );
    expect(valueOf('Performance Metrics', 'Error Rate')).toBe('0.50%');
  });
});
