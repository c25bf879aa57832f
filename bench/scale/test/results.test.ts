import { describe, expect, it } from 'vitest';
import { apiVerdict, rebuildVerdict, screenVerdict, type ApiFigure, type ScreenFigure } from '../results.js';

const api = (p99Ms: number, changes: Partial<ApiFigure> = {}): ApiFigure => ({
  name: 'tenants, first page',
  caller: 'admin',
  outcome: 'ok',
  p50Ms: p99Ms / 2,
  p99Ms,
  samples: 200,
  wireBytes: 2_000,
  jsonBytes: 20_000,
  items: 50,
  paged: true,
  depth: null,
  ...changes,
});

const screen = (firstRowMs: number, domElements = 1_200): ScreenFigure => ({
  name: 'Admin Dashboard',
  outcome: 'ok',
  firstRowMs,
  domElements,
  samples: 5,
});

describe('an API measurement across the sizes', () => {
  it('passes when p99 stays within 1.5× of the smallest size and under 50 ms', () => {
    const verdict = apiVerdict([api(10), api(12), api(15)]);
    expect(verdict).toEqual({ growth: 1.5, result: 'PASS', reasons: [] });
  });

  it('misses when p99 grows more than 1.5×, however small it stays', () => {
    const verdict = apiVerdict([api(4), api(7)]);
    expect(verdict.result).toBe('MISS');
    expect(verdict.reasons).toEqual(['p99 grew ×1.75 (target ≤ ×1.5)']);
  });

  it('misses when p99 at the largest size is over 50 ms', () => {
    expect(apiVerdict([api(40), api(51)]).reasons).toEqual(['p99 51.0 ms (target ≤ 50 ms)']);
  });

  it('misses when an answer at any size is over 256 KB, or a list is not paged', () => {
    const verdict = apiVerdict([api(5, { jsonBytes: 300 * 1024, paged: false }), api(5)]);
    expect(verdict.reasons).toEqual(['answer of 300.0 KB (target ≤ 256 KB)', 'not paged']);
  });

  it('is missing, with the reason, while the endpoint is not there at the largest size', () => {
    const verdict = apiVerdict([api(5), { ...api(5), outcome: 'missing', detail: '404: Route not found' }]);
    expect(verdict).toMatchObject({ result: 'missing', reasons: ['404: Route not found'] });
  });
});

describe('a screen across the sizes', () => {
  it('passes within 1.2× of its demo-size time and under 5,000 elements', () => {
    expect(screenVerdict(screen(500), [screen(550), screen(600)])).toMatchObject({ result: 'PASS' });
  });

  it('misses when the first row comes later than 1.2× demo size, or the DOM reaches 5,000 elements', () => {
    const verdict = screenVerdict(screen(500), [screen(550, 5_000), screen(700)]);
    expect(verdict.reasons).toEqual([
      'first row ×1.40 of demo size (target ≤ ×1.2)',
      '5000 DOM elements (target < 5000)',
    ]);
  });
});

describe('a rebuild', () => {
  it('passes at 20,000 events/s and misses below', () => {
    const rebuild = { service: 'tenancy', projection: 'tenancy.tenants.v1', outcome: 'ok' as const };
    expect(rebuildVerdict({ ...rebuild, events: 40_000, seconds: 2 }).result).toBe('PASS');
    expect(rebuildVerdict({ ...rebuild, events: 39_000, seconds: 2 }).reasons).toEqual([
      '19500 events/s (target ≥ 20000)',
    ]);
    expect(rebuildVerdict({ ...rebuild, events: 2_000, seconds: 0.25, startSeconds: 0.1 }).reasons).toEqual([
      '8000 events/s (target ≥ 20000), 0.10 s of its 0.25 s before the first batch',
    ]);
  });
});
