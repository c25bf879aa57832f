import { describe, expect, it } from 'vitest';
import type { ServiceLag } from '@app/contracts';
import { judgeLag, worseOf } from '../../src/health/lag-status.js';

const lag = (overrides: Partial<ServiceLag>): ServiceLag => ({
  status: 'lagging',
  degradedAfterMs: 30_000,
  countLimit: 10_000,
  projections: [],
  relay: null,
  ...overrides,
});

describe('judgeLag', () => {
  it('is operational without a lag report, or with one under the threshold or unknown', () => {
    expect(judgeLag(undefined)).toEqual({ status: 'operational' });
    expect(judgeLag(lag({ status: 'ok' }))).toEqual({ status: 'operational' });
    expect(judgeLag(lag({ status: 'unknown', error: 'timed out' }))).toEqual({ status: 'operational' });
  });

  it('is degraded when lagging, naming only the parts past the threshold', () => {
    const judged = judgeLag(
      lag({
        projections: [
          { name: 'a.v1', behindEvents: 1, oldestUnappliedAgeMs: 61_000 },
          { name: 'b.v1', behindEvents: 5, oldestUnappliedAgeMs: 30_000 },
          { name: 'c.v1', behindEvents: null, oldestUnappliedAgeMs: 90_000 },
        ],
        relay: { behindEvents: 10_000, oldestUnpublishedAgeMs: 30_001 },
      }),
    );
    expect(judged).toEqual({
      status: 'degraded',
      reason:
        'Lagging: projection a.v1 1 event behind, the oldest 61 s old; ' +
        'projection c.v1 an uncounted number of events behind, the oldest 90 s old; ' +
        'relay at least 10000 events behind, the oldest 30 s old',
    });
  });
});

describe('worseOf', () => {
  it('keeps the worse status, and both reasons when equally bad', () => {
    const slow = { status: 'degraded' as const, reason: 'Answered slowly (1200 ms)' };
    const behind = {
      status: 'degraded' as const,
      reason: 'Lagging: relay 3 events behind, the oldest 40 s old',
    };
    expect(worseOf({ status: 'operational' }, behind)).toBe(behind);
    expect(worseOf({ status: 'down', reason: 'Shutting down' }, behind)).toEqual({
      status: 'down',
      reason: 'Shutting down',
    });
    expect(worseOf(slow, behind)).toEqual({ status: 'degraded', reason: `${slow.reason}; ${behind.reason}` });
    expect(worseOf({ status: 'operational' }, { status: 'operational' })).toEqual({ status: 'operational' });
  });
});
