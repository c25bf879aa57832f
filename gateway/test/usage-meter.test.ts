import { describe, expect, it } from 'vitest';
import { createUsageMeter } from '../src/usage/usage-meter.js';

function clockAt(iso: string) {
  let now = Date.parse(iso);
  return {
    now: () => now,
    set: (next: string) => void (now = Date.parse(next)),
  };
}

const alice = '0190a1b2-c3d4-7e5f-8a9b-000000000001';
const bob = '0190a1b2-c3d4-7e5f-8a9b-000000000002';

describe('the usage meter', () => {
  it('counts calls per user over the period since the last drain', () => {
    const clock = clockAt('2026-03-10T12:00:00.000Z');
    const meter = createUsageMeter(clock.now);
    meter.record(alice);
    meter.record(bob);
    meter.record(alice);
    clock.set('2026-03-10T12:00:05.000Z');

    expect(meter.drain()).toEqual([
      {
        periodStart: Date.parse('2026-03-10T12:00:00.000Z'),
        periodEnd: Date.parse('2026-03-10T12:00:05.000Z'),
        counts: new Map([
          [alice, 2],
          [bob, 1],
        ]),
      },
    ]);
  });

  it('swaps the tally on drain: later calls go to a fresh one, the handed-over one stays as it was', () => {
    const clock = clockAt('2026-03-10T12:00:00.000Z');
    const meter = createUsageMeter(clock.now);
    meter.record(alice);
    clock.set('2026-03-10T12:00:05.000Z');
    const [first] = meter.drain();
    meter.record(alice);
    meter.record(alice);
    clock.set('2026-03-10T12:00:10.000Z');
    const [second] = meter.drain();

    expect(first?.counts).toEqual(new Map([[alice, 1]]));
    expect(second).toEqual({
      periodStart: Date.parse('2026-03-10T12:00:05.000Z'),
      periodEnd: Date.parse('2026-03-10T12:00:10.000Z'),
      counts: new Map([[alice, 2]]),
    });
  });

  it('hands over nothing when nothing was counted, and the next period starts at that drain', () => {
    const clock = clockAt('2026-03-10T12:00:00.000Z');
    const meter = createUsageMeter(clock.now);
    clock.set('2026-03-10T12:00:05.000Z');
    expect(meter.drain()).toEqual([]);
    meter.record(bob);
    clock.set('2026-03-10T12:00:10.000Z');
    expect(meter.drain()[0]?.periodStart).toBe(Date.parse('2026-03-10T12:00:05.000Z'));
  });

  it('closes the tally at the UTC month start, so no period spans two months', () => {
    const clock = clockAt('2026-01-31T23:59:58.000Z');
    const meter = createUsageMeter(clock.now);
    meter.record(alice);
    clock.set('2026-01-31T23:59:59.999Z');
    meter.record(alice);
    clock.set('2026-02-01T00:00:00.000Z');
    meter.record(alice);
    meter.record(bob);
    clock.set('2026-02-01T00:00:03.000Z');

    expect(meter.drain()).toEqual([
      {
        periodStart: Date.parse('2026-01-31T23:59:58.000Z'),
        periodEnd: Date.parse('2026-02-01T00:00:00.000Z'),
        counts: new Map([[alice, 2]]),
      },
      {
        periodStart: Date.parse('2026-02-01T00:00:00.000Z'),
        periodEnd: Date.parse('2026-02-01T00:00:03.000Z'),
        counts: new Map([
          [alice, 1],
          [bob, 1],
        ]),
      },
    ]);
  });

  it('starts a call after months of silence in its own month, not in the month the last drain was in', () => {
    const clock = clockAt('2026-01-15T08:00:00.000Z');
    const meter = createUsageMeter(clock.now);
    clock.set('2026-03-20T09:00:00.000Z');
    meter.record(alice);
    clock.set('2026-03-20T09:00:05.000Z');

    expect(meter.drain()).toEqual([
      {
        periodStart: Date.parse('2026-03-01T00:00:00.000Z'),
        periodEnd: Date.parse('2026-03-20T09:00:05.000Z'),
        counts: new Map([[alice, 1]]),
      },
    ]);
  });

  it('never ends a period before it starts when the clock steps back', () => {
    const clock = clockAt('2026-03-10T12:00:05.000Z');
    const meter = createUsageMeter(clock.now);
    meter.record(alice);
    clock.set('2026-03-10T12:00:01.000Z');
    const [tally] = meter.drain();
    expect(tally?.periodEnd).toBe(tally?.periodStart);
  });
});
