import { describe, expect, it } from 'vitest';
import { anchorDaysWithin, trialStartDaysFor } from '../../src/domain/renewal/reminder-bounds.js';

describe('the days of the month a reminder’s anchor can be on', () => {
  it('are the days the next 3 days fall on', () => {
    expect(anchorDaysWithin(new Date('2026-07-15T10:00:00.000Z'), 3)).toEqual([15, 16, 17, 18]);
  });

  it('include every later day when a month’s last day is among them, as a short month clamps', () => {
    expect(anchorDaysWithin(new Date('2026-02-27T10:00:00.000Z'), 3)).toEqual([1, 2, 27, 28, 29, 30, 31]);
    expect(anchorDaysWithin(new Date('2026-04-28T00:00:00.000Z'), 3)).toEqual([1, 28, 29, 30, 31]);
  });

  it('for a trial, are the days it can have started on: its length earlier, over months of every length', () => {
    expect(trialStartDaysFor([15, 16], 14)).toEqual([1, 2]);
    // The 3rd, 14 days after the 17th, 18th, 19th or 20th of a month of 31, 30, 29 or 28 days.
    expect(trialStartDaysFor([3], 14)).toEqual([17, 18, 19, 20]);
  });
});
