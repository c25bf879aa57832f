// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@app/test-support/web';
import { tenantMetricsRefetchIntervalMs } from '@app/web-data';
import { aTenant, aTenantMetricsReply } from '../support/fixtures.js';
import { renderMonitoring, stubMonitoring } from './monitoring-api.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('Tenant monitoring refresh (SPEC.md §7, §9)', () => {
  it('reads the metrics and their history again every 5 minutes and shows the new figures', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const tenant = aTenant({ name: 'Acme Corp' });
    const path = `/api/tenant-metrics/${tenant.id}`;
    let uptime = 60;
    const api = stubMonitoring(
      tenant,
      { metrics: aTenantMetricsReply() },
      {
        [`GET ${path}`]: () => {
          const metrics = aTenantMetricsReply();
          if (!metrics.system_health) throw new Error('expected system health');
          return json({ ...metrics, system_health: { ...metrics.system_health, uptime_seconds: uptime } });
        },
      },
    );
    renderMonitoring(tenant.id);
    expect(await screen.findByText('Uptime: 0d 0h 1m')).toBeInTheDocument();
    expect(api.callsTo(path)).toHaveLength(1);

    uptime = 3_660;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(tenantMetricsRefetchIntervalMs);
    });
    expect(await screen.findByText('Uptime: 0d 1h 1m')).toBeInTheDocument();
    expect(api.callsTo(path)).toHaveLength(2);
    expect(api.callsTo(`${path}/history`)).toHaveLength(2);
  });
});
