import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { startMonitoringOverRig } from '../support/scrape-rig.js';

const rig = startedForFile(() => startMonitoringOverRig());

describe('monitoring_scrapes_total on /metrics', () => {
  it('counts each scrape of a tenant app by outcome, a retried scrape once', async () => {
    rig.watch('good');
    rig.watch('good');
    rig.watch('server-error');
    expect(await rig.scraper.runCycle()).toMatchObject({ targets: 3, succeeded: 2, failed: 1 });

    const response = await rig.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('# TYPE monitoring_scrapes_total counter');
    expect(response.body).toContain('monitoring_scrapes_total{outcome="ok"} 2');
    expect(response.body).toContain('monitoring_scrapes_total{outcome="failed"} 1');
  });
});
