import { describe, expect, it } from 'vitest';
import { nextAttemptAt, retryDelayMs } from '../../src/webhooks/domain/retry-schedule.js';

const first = new Date('2026-11-21T10:00:00.000Z');
const minutes = (n: number) => n * 60_000;
const hours = (n: number) => minutes(n * 60);

/** Every attempt's time after `first`, until the schedule answers null. */
function attemptOffsets(): number[] {
  const offsets = [0];
  for (let failed = 1; ; failed += 1) {
    const next = nextAttemptAt(first, failed);
    if (next === null) return offsets;
    offsets.push(next.getTime() - first.getTime());
  }
}

describe('the webhook retry schedule', () => {
  it('doubles the wait from 5 minutes, at most 12 hours apart', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(retryDelayMs)).toEqual([
      minutes(5),
      minutes(10),
      minutes(20),
      minutes(40),
      minutes(80),
      minutes(160),
      minutes(320),
      minutes(640),
      hours(12),
      hours(12),
    ]);
  });

  it('makes 13 attempts within 3 days of the first, then gives up', () => {
    expect(attemptOffsets()).toEqual([
      0,
      minutes(5),
      minutes(15),
      minutes(35),
      minutes(75),
      minutes(155),
      minutes(315),
      minutes(635),
      minutes(1275),
      hours(33) + minutes(15),
      hours(45) + minutes(15),
      hours(57) + minutes(15),
      hours(69) + minutes(15),
    ]);
    expect(nextAttemptAt(first, 13)).toBeNull();
  });

  it('counts from the first attempt, not from when a late retry ran', () => {
    expect(nextAttemptAt(first, 2)).toEqual(new Date('2026-11-21T10:15:00.000Z'));
  });
});
