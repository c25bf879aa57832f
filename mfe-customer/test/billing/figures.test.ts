import { describe, expect, it } from 'vitest';
import {
  activeSubscriptions,
  newestFirst,
  outstandingAmount,
  shortId,
} from '../../src/screens/billing/figures.js';
import { anInvoice, aSubscription } from '../support/fixtures.js';

describe('billing figures (SPEC.md §2 "Billing")', () => {
  it('owes the pending and overdue invoices, never the paid ones', () => {
    expect(
      outstandingAmount([
        anInvoice({ amount: 99, status: 'paid' }),
        anInvoice({ amount: 10.1, status: 'pending' }),
        anInvoice({ amount: 0.2, status: 'overdue' }),
      ]),
    ).toBe(10.3);
    expect(outstandingAmount([anInvoice({ status: 'paid' })])).toBe(0);
  });

  it('lists only the active subscriptions', () => {
    const active = aSubscription();
    expect(activeSubscriptions([aSubscription({ status: 'cancelled' }), active])).toEqual([active]);
  });

  it('shortens an id to its first 8 characters (SPEC.md §9)', () => {
    expect(shortId('0f9c2a7e-1b2c-4d5e-8f90-123456789abc')).toBe('0f9c2a7e');
  });

  it('orders invoices newest first, undated ones last', () => {
    const old = anInvoice({ createdAt: '2026-10-01T12:00:00.000Z' });
    const undated = anInvoice({ createdAt: 'unknown' });
    const recent = anInvoice({ createdAt: '2026-11-20T12:00:00.000Z' });
    expect(newestFirst([old, undated, recent])).toEqual([recent, old, undated]);
  });
});
