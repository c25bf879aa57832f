import { describe, expect, it } from 'vitest';
import { wantsMessage } from '../../src/domain/messages.js';
import { nextAttemptAt, retryDelayMs } from '../../src/domain/retry-schedule.js';

describe('which switch governs which message', () => {
  it.each([
    'receipt',
    'subscription-suspended',
    'subscription-cancelled',
    'cancellation-scheduled',
    'plan-changed',
    'payment-failed',
    'renewal-reminder',
    'trial-ending',
    'webhook-endpoint-failing',
  ] as const)('sends %s only while Email Notifications is on', (kind) => {
    expect(wantsMessage(kind, { email: true, securityAlerts: false })).toBe(true);
    expect(wantsMessage(kind, { email: false, securityAlerts: true })).toBe(false);
  });
});

describe('the retry schedule', () => {
  it('waits four times longer after each failure, at most six hours', () => {
    expect([1, 2, 3, 4].map((failed) => retryDelayMs(failed, 30_000))).toEqual([
      30_000, 120_000, 480_000, 1_920_000,
    ]);
    expect(retryDelayMs(9, 30_000)).toBe(6 * 60 * 60 * 1000);
  });

  it('gives up once the tries are used', () => {
    const now = new Date('2026-11-27T10:00:00.000Z');
    expect(nextAttemptAt(2, { maxAttempts: 3, baseMs: 1_000 }, now)).toEqual(
      new Date('2026-11-27T10:00:04.000Z'),
    );
    expect(nextAttemptAt(3, { maxAttempts: 3, baseMs: 1_000 }, now)).toBeNull();
  });
});
