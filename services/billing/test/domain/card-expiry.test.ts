import { describe, expect, it } from 'vitest';
import { expiresBefore } from '../../src/domain/customer/card-expiry.js';

describe('a card expires before a renewal', () => {
  it('when the renewal falls after the last day of its expiry month (UTC)', () => {
    const card = { expMonth: 2, expYear: 2026 };
    expect(expiresBefore(card, '2026-02-28T23:59:59.999Z')).toBe(false);
    expect(expiresBefore(card, '2026-03-01T00:00:00.000Z')).toBe(true);
  });

  it('rolls December into the next year', () => {
    const card = { expMonth: 12, expYear: 2034 };
    expect(expiresBefore(card, '2034-12-31T12:00:00.000Z')).toBe(false);
    expect(expiresBefore(card, '2035-01-01T00:00:00.000Z')).toBe(true);
  });

  it('never for a card without a known expiry, or when nothing will renew', () => {
    expect(expiresBefore({ expMonth: null, expYear: null }, '2099-01-01T00:00:00.000Z')).toBe(false);
    expect(expiresBefore({ expMonth: 1, expYear: 2020 }, null)).toBe(false);
  });
});
