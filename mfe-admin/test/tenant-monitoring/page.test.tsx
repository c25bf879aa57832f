// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, never, problem, stubApi } from '@app/test-support/web';
import { aMetricsHistoryReply, aSubscription, aTenant, aTenantMetricsReply } from '../support/fixtures.js';
import { renderMonitoring, stubMonitoring } from './monitoring-api.js';

describe('Tenant monitoring page', () => {
  it('shows 12 skeleton cards and a Back to Admin Portal link while the tenant loads', async () => {
    const tenant = aTenant();
    stubApi({ [`/api/admin/tenants/${tenant.id}`]: () => never() });
    renderMonitoring(tenant.id);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading monitoring data...');
    expect(screen.getByTestId('monitoring-skeleton').children).toHaveLength(12);
    expect(screen.getByRole('link', { name: 'Back to Admin Portal' })).toHaveAttribute(
      'href',
      '/admin-portal',
    );
  });

  it('says Tenant not found. on a 404', async () => {
    const tenant = aTenant();
    stubApi({ [`/api/admin/tenants/${tenant.id}`]: () => problem(404, 'Tenant not found') });
    renderMonitoring(tenant.id);
    expect(await screen.findByRole('heading', { name: 'Tenant not found.' })).toBeInTheDocument();
  });

  it('says Failed to load tenant information. Please try again. on any other failure', async () => {
    const tenant = aTenant();
    stubApi({ [`/api/admin/tenants/${tenant.id}`]: () => json({}, 500) });
    renderMonitoring(tenant.id);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load tenant information. Please try again.',
    );
  });

  it('shows the skeleton while the metrics load, under the dashboard title', async () => {
    const tenant = aTenant({ name: 'Acme Corp' });
    stubMonitoring(
      tenant,
      { metrics: aTenantMetricsReply() },
      { [`GET /api/tenant-metrics/${tenant.id}`]: never },
    );
    renderMonitoring(tenant.id);
    expect(await screen.findByRole('heading', { name: 'Acme Corp Monitoring' })).toBeInTheDocument();
    expect(screen.getByTestId('monitoring-skeleton').children).toHaveLength(12);
  });

  it('names the tenant and the metrics error when the metrics fail', async () => {
    const tenant = aTenant({ name: 'Acme Corp' });
    stubMonitoring(
      tenant,
      { metrics: aTenantMetricsReply() },
      {
        [`GET /api/tenant-metrics/${tenant.id}`]: () =>
          new Response('down', { status: 503, statusText: 'Service Unavailable' }),
      },
    );
    renderMonitoring(tenant.id);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load monitoring data for Acme Corp.');
    expect(alert).toHaveTextContent('Failed to fetch tenant metrics: 503 Service Unavailable');
  });

  it('reads the metrics and history of the subscription named in the address', async () => {
    const tenant = aTenant({ name: 'Acme Corp', domainUrl: 'https://tenant.example.com' });
    const subscription = aSubscription(tenant, { domainUrl: 'https://app.acme.example.com' });
    const query = `?subscription=${subscription.id}`;
    const api = stubMonitoring(
      tenant,
      { metrics: aTenantMetricsReply(), subscriptions: [subscription] },
      {
        [`GET /api/tenant-metrics/${tenant.id}${query}`]: () =>
          json(aTenantMetricsReply({ subscriptionId: subscription.id })),
        [`GET /api/tenant-metrics/${tenant.id}/history${query}`]: () => json(aMetricsHistoryReply(tenant.id)),
      },
    );
    renderMonitoring(tenant.id, query);
    expect(await screen.findByText('https://app.acme.example.com')).toBeInTheDocument();
    expect(api.callsTo(`/api/tenant-metrics/${tenant.id}${query}`)).toHaveLength(1);
    expect(api.callsTo(`/api/tenant-metrics/${tenant.id}`)).toHaveLength(0);
  });

  it('shows the Updated time and a default-style badge when healthy, destructive otherwise', async () => {
    const tenant = aTenant({ name: 'Acme Corp' });
    const metrics = aTenantMetricsReply({ fetchedAt: '2026-01-15T12:30:45.000Z' });
    stubMonitoring(tenant, { metrics });
    const { unmount } = renderMonitoring(tenant.id);
    const healthy = await screen.findByText('healthy', { selector: '[data-slot="badge"]' });
    expect(healthy.className).toContain('bg-primary');
    expect(screen.getByText(/^Updated: /)).toHaveTextContent(
      `Updated: ${new Date('2026-01-15T12:30:45.000Z').toLocaleTimeString('en-US')}`,
    );
    unmount();

    const system = metrics.system_health;
    if (!system) throw new Error('expected system health');
    stubMonitoring(tenant, {
      metrics: aTenantMetricsReply({ system_health: { ...system, status: 'degraded' } }),
    });
    renderMonitoring(tenant.id);
    const degraded = await screen.findByText('degraded', { selector: '[data-slot="badge"]' });
    expect(degraded.className).toContain('bg-destructive');
  });
});
