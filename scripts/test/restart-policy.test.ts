import { describe, expect, it } from 'vitest';
import { decideRestart } from '../launcher/restart-policy.js';

const policy = { firstDelayMs: 1_000, maxAttempts: 5, stableAfterMs: 60_000 };

describe('restarting a crashed process', () => {
  it('waits 1, 2, 4, 8 and 16 s for five quick crashes in a row, then gives up at the sixth', () => {
    const decisions = [];
    let attempt = 0;
    for (let crash = 0; crash < 6; crash += 1) {
      const decision = decideRestart(policy, attempt, 5_000);
      decisions.push(decision);
      if (decision.restart) attempt = decision.attempt;
    }
    expect(decisions).toEqual([
      { restart: true, attempt: 1, delayMs: 1_000 },
      { restart: true, attempt: 2, delayMs: 2_000 },
      { restart: true, attempt: 3, delayMs: 4_000 },
      { restart: true, attempt: 4, delayMs: 8_000 },
      { restart: true, attempt: 5, delayMs: 16_000 },
      { restart: false },
    ]);
  });

  it('starts a new count for a process that stayed up for a while before it crashed', () => {
    expect(decideRestart(policy, 5, 60_000)).toEqual({ restart: true, attempt: 1, delayMs: 1_000 });
    expect(decideRestart(policy, 5, 59_999)).toEqual({ restart: false });
  });

  it('never restarts when no restarts are allowed', () => {
    expect(decideRestart({ ...policy, maxAttempts: 0 }, 0, 120_000)).toEqual({ restart: false });
  });
});
