// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@app/test-support/web';
import { aMetricsHistoryReply, aTenant, aTenantMetricsReply } from '../support/fixtures.js';
import { renderMonitoring, stubMonitoring } from './monitoring-api.js';

describe('Tenant monitoring trends', () => {
  it('charts the last 24 hours with an accessible name and a text summary per chart', async () => {
    const tenant = aTenant();
    const history = aMetricsHistoryReply(tenant.id, [
      { cpuPercent: 30, memoryPercent: 50, responseTimeMs: 150, errorRatePercent: 0.2 },
      { cpuPercent: 50, memoryPercent: 70, responseTimeMs: 250, errorRatePercent: 0.4 },
    ]);
    stubMonitoring(tenant, { metrics: aTenantMetricsReply(), history });
    renderMonitoring(tenant.id);

    const card = within(
      (await screen.findByRole('heading', { name: 'Trends (last 24 hours)' })).closest(
        '[data-slot="card"]',
      ) as HTMLElement,
    );
    const cpu = await card.findByRole('img', { name: 'CPU over the last 24 hours' });
    expect(cpu).toHaveAccessibleDescription('CPU: latest 50%, average 40%, peak 50% over the last 24 hours.');
    expect(card.getByRole('img', { name: 'Memory over the last 24 hours' })).toHaveAccessibleDescription(
      'Memory: latest 70%, average 60%, peak 70% over the last 24 hours.',
    );
    expect(
      card.getByRole('img', { name: 'Response Time over the last 24 hours' }),
    ).toHaveAccessibleDescription(
      'Response Time: latest 250 ms, average 200 ms, peak 250 ms over the last 24 hours.',
    );
    expect(card.getByRole('img', { name: 'Error Rate over the last 24 hours' })).toHaveAccessibleDescription(
      'Error Rate: latest 0.40%, average 0.30%, peak 0.40% over the last 24 hours.',
    );
  });

  it('says the trends are unavailable when the history read fails, keeping the figures', async () => {
    const tenant = aTenant();
    stubMonitoring(
      tenant,
      { metrics: aTenantMetricsReply() },
      {
        [`GET /api/tenant-metrics/${tenant.id}/history`]: () =>
          json({}, { status: 502, statusText: 'Bad Gateway' }),
      },
    );
    renderMonitoring(tenant.id);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Trends are unavailable: Failed to fetch tenant metrics: 502 Bad Gateway',
    );
    expect(screen.getByRole('heading', { name: 'Performance Metrics' })).toBeInTheDocument();
  });
});
