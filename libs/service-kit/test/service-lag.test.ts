import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { streamName, type Projection } from '@app/eventing';
import { serviceLagProbe } from '../src/runtime/index.js';
import { eventStoreFixture, freshCategory, happened, runProjections } from './event-store-fixture.js';
import { testService } from './support.js';

const fixture = eventStoreFixture();

/** A read model of nothing that refuses every event while `failing` is set, as a projection with a bug would. */
function refusingProjection(state: { failing: boolean }): Projection {
  return {
    name: `svc.refusing-${randomUUID().slice(0, 8)}.v1`,
    eventTypes: ['Happened'],
    apply: async () => {
      if (state.failing) throw new Error('simulated projection bug');
    },
    reset: async () => undefined,
  };
}

describe('readiness lag of an event-sourced service', () => {
  it('turns degraded with the figures while a projection is stuck, and ok once it has caught up', async () => {
    const category = freshCategory();
    const state = { failing: true };
    const projection = refusingProjection(state);
    const runner = await runProjections(fixture, category, [projection]);
    const app = await testService();
    app.setLagProbe(
      serviceLagProbe({ eventStore: fixture.store, projections: runner, relay: null, degradedAfterMs: 50 }),
    );
    const ready = async () => (await app.inject({ method: 'GET', url: '/health/ready' })).json();
    try {
      const last = await fixture.store.append(
        streamName(category, randomUUID()),
        [happened(), happened()],
        'no_stream',
      );

      await expect.poll(ready, { timeout: 5_000 }).toMatchObject({ status: 'degraded' });
      const degraded = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(degraded.statusCode).toBe(200);
      expect(degraded.json().lag).toEqual({
        status: 'lagging',
        degradedAfterMs: 50,
        countLimit: 10_000,
        projections: [{ name: projection.name, behindEvents: 2, oldestUnappliedAgeMs: expect.any(Number) }],
        relay: null,
      });
      expect(degraded.json().lag.projections[0].oldestUnappliedAgeMs).toBeGreaterThan(50);

      state.failing = false;
      expect(await runner.waitFor(last.position, 10_000)).toBe(true);
      expect(await ready()).toMatchObject({
        status: 'ok',
        lag: { status: 'ok', projections: [{ behindEvents: 0, oldestUnappliedAgeMs: null }] },
      });
    } finally {
      await app.close();
      await runner.stop();
    }
  });
});
