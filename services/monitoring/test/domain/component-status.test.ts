import { describe, expect, it } from 'vitest';
import { judgeDependencies, judgeProbe } from '../../src/domain/health/component-status.js';

const ok = (name: string, latencyMs = 2) => ({ name, status: 'ok' as const, latencyMs });
const failed = (name: string) => ({ name, status: 'failed' as const, latencyMs: 2_000, error: 'timed out' });

describe('judgeProbe', () => {
  it('is operational when ready and quick', () => {
    expect(
      judgeProbe({
        reached: true,
        latencyMs: 12,
        httpStatus: 200,
        bodyStatus: 'ok',
        checks: [ok('postgres')],
      }),
    ).toEqual({ status: 'operational' });
  });

  it('is degraded when slow or when a dependency fails', () => {
    expect(
      judgeProbe({ reached: true, latencyMs: 1_500, httpStatus: 200, bodyStatus: 'ok', checks: [] }),
    ).toMatchObject({ status: 'degraded', reason: /slowly/ });
    expect(
      judgeProbe({
        reached: true,
        latencyMs: 20,
        httpStatus: 503,
        bodyStatus: 'unavailable',
        checks: [ok('postgres'), failed('nats')],
      }),
    ).toEqual({ status: 'degraded', reason: 'Not ready: nats (timed out) failed' });
  });

  it('is down when unreachable, shutting down or answering anything else', () => {
    expect(judgeProbe({ reached: false, latencyMs: 1, error: 'ECONNREFUSED' })).toEqual({
      status: 'down',
      reason: 'Not reachable: ECONNREFUSED',
    });
    expect(
      judgeProbe({ reached: true, latencyMs: 1, httpStatus: 503, bodyStatus: 'shutting-down', checks: [] }),
    ).toMatchObject({ status: 'down' });
    expect(
      judgeProbe({ reached: true, latencyMs: 1, httpStatus: 404, bodyStatus: null, checks: [] }),
    ).toMatchObject({ status: 'down', reason: 'Readiness answered HTTP 404' });
  });
});

describe('judgeDependencies', () => {
  it('sums up each dependency over the services that check it', () => {
    const judged = judgeDependencies([
      { service: 'Catalog', check: ok('postgres', 3) },
      { service: 'Tenancy', check: ok('postgres', 9) },
      { service: 'Catalog', check: failed('nats') },
      { service: 'Tenancy', check: ok('nats') },
      { service: 'Catalog', check: failed('event store') },
    ]);
    expect(judged.map(({ name, status, latencyMs }) => ({ name, status, latencyMs }))).toEqual([
      { name: 'postgres', status: 'operational', latencyMs: 9 },
      { name: 'nats', status: 'degraded', latencyMs: 2_000 },
      { name: 'event store', status: 'down', latencyMs: 2_000 },
    ]);
    expect(judged[1]?.reason).toBe('Failing for Catalog');
  });
});
