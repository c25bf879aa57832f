import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { streamName, type Projection } from '@app/eventing';
import type { LagProbe } from '../src/index.js';
import { serviceLagProbe } from '../src/runtime/index.js';
import { eventStoreFixture, freshCategory, happened, runProjections } from './event-store-fixture.js';
import { testService } from './support.js';

const fixture = eventStoreFixture();

/** One sample's value from Prometheus's text format; undefined when the series is absent. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(app: Awaited<ReturnType<typeof testService>>): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('lag gauges on /metrics', () => {
  it('reports the relay and each projection by the readiness probe, measured when scraped', async () => {
    const category = freshCategory();
    const state = { failing: true };
    const projection: Projection = {
      name: `svc.gauge-${randomUUID().slice(0, 8)}.v1`,
      eventTypes: ['Happened'],
      apply: async () => {
        if (state.failing) throw new Error('simulated projection bug');
      },
      reset: async () => undefined,
    };
    const runner = await runProjections(fixture, category, [projection]);
    // A relay that has published nothing yet: its lag is the age of the oldest event in its categories.
    const relay = { categories: [category], progress: async () => 'start' as const };
    const app = await testService();
    app.setLagProbe(serviceLagProbe({ eventStore: fixture.store, projections: runner, relay }));
    const projectionSeries = `eventing_projection_lag_seconds{projection="${projection.name}"}`;
    try {
      expect(sample(await scrape(app), 'eventing_relay_lag_seconds')).toBe(0);
      const last = await fixture.store.append(streamName(category, randomUUID()), [happened()], 'no_stream');
      await new Promise((resolve) => setTimeout(resolve, 300));

      const lagging = await scrape(app);
      expect(lagging).toContain('# TYPE eventing_relay_lag_seconds gauge');
      expect(lagging).toContain('# TYPE eventing_projection_lag_seconds gauge');
      expect(sample(lagging, 'eventing_relay_lag_seconds')).toBeGreaterThanOrEqual(0.3);
      expect(sample(lagging, projectionSeries)).toBeGreaterThanOrEqual(0.3);

      state.failing = false;
      expect(await runner.waitFor(last.position, 10_000)).toBe(true);
      const caughtUp = await scrape(app);
      expect(sample(caughtUp, projectionSeries)).toBe(0);
      expect(sample(caughtUp, 'eventing_relay_lag_seconds')).toBeGreaterThan(0);
    } finally {
      await app.close();
      await runner.stop();
    }
  });

  it('measures once per scrape for both gauges, and shows a failed measurement as NaN with no projection series', async () => {
    let calls = 0;
    let failing = false;
    const probe: LagProbe = {
      degradedAfterMs: 30_000,
      countLimit: 10_000,
      measure: async () => {
        calls += 1;
        if (failing) throw new Error('event store away');
        return {
          projections: [{ name: 'svc.things.v1', behindEvents: 3, oldestUnappliedAgeMs: 2_500 }],
          relay: { behindEvents: 1, oldestUnpublishedAgeMs: 1_200 },
        };
      },
    };
    const app = await testService();
    app.setLagProbe(probe);
    try {
      const body = await scrape(app);
      expect(calls).toBe(1);
      expect(sample(body, 'eventing_relay_lag_seconds')).toBe(1.2);
      expect(sample(body, 'eventing_projection_lag_seconds{projection="svc.things.v1"}')).toBe(2.5);

      failing = true;
      const failed = await scrape(app);
      expect(calls).toBe(2);
      expect(sample(failed, 'eventing_relay_lag_seconds')).toBeNaN();
      expect(failed).not.toContain('eventing_projection_lag_seconds{');
    } finally {
      await app.close();
    }
  });

  it('leaves an app without a lag probe (gateway, monitoring) without lag gauges', async () => {
    const app = await testService();
    try {
      const body = await scrape(app);
      expect(body).toContain('http_request_duration_seconds');
      expect(body).not.toContain('eventing_relay_lag_seconds');
    } finally {
      await app.close();
    }
  });
});
