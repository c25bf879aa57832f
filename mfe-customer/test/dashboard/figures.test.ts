import { describe, expect, it } from 'vitest';
import {
  recentInvoices,
  subscriptionFigures,
  totalSpending,
  usageThisMonth,
} from '../../src/screens/dashboard/figures.js';
import { anInvoice, aSubscription, aUsageRecord } from '../support/fixtures.js';

describe('dashboard figures (SPEC.md §2 "Customer dashboard")', () => {
  it('counts active subscriptions out of all services', () => {
    const figures = subscriptionFigures([
      aSubscription(),
      aSubscription({ status: 'trial' }),
      aSubscription({ status: 'cancelled' }),
      aSubscription(),
    ]);
    expect(figures).toEqual({ active: 2, total: 4 });
  });

  it('sums every invoice, whatever its status, in cents', () => {
    expect(
      totalSpending([
        anInvoice({ amount: 10.1 }),
        anInvoice({ amount: 20.2, status: 'pending' }),
        anInvoice({ amount: 0.07, status: 'overdue' }),
      ]),
    ).toBe(30.37);
    expect(totalSpending([])).toBe(0);
  });

  it("sums this month's usage quantities", () => {
    expect(usageThisMonth([aUsageRecord(1200), aUsageRecord(34)])).toBe(1234);
    expect(usageThisMonth([])).toBe(0);
  });

  it('keeps the latest 5 invoices by createdAt, newest first', () => {
    const days = ['03', '07', '01', '05', '02', '06', '04'];
    const invoices = days.map((day) =>
      anInvoice({ invoiceNumber: `INV-0000${day}`, createdAt: `2026-11-${day}T12:00:00.000Z` }),
    );
    expect(recentInvoices(invoices).map((invoice) => invoice.number)).toEqual([
      'INV-000007',
      'INV-000006',
      'INV-000005',
      'INV-000004',
      'INV-000003',
    ]);
  });

  it('falls back to INV-n, Unknown date and paid; an undated invoice sorts last', () => {
    const dated = anInvoice({ amount: 5, createdAt: '2026-11-02T12:00:00.000Z' });
    const bare = {
      ...anInvoice({ amount: '12.5' as unknown as number }),
      invoiceNumber: '',
      createdAt: 'n/a',
    };
    const noStatus = { ...anInvoice(), status: '' as 'paid' };
    const [first, second, third] = recentInvoices([bare, dated, noStatus]);
    expect(first).toMatchObject({ id: dated.id, amount: 5, status: 'paid' });
    expect(second).toMatchObject({ id: noStatus.id, status: 'paid' });
    expect(third).toMatchObject({ id: bare.id, number: 'INV-3', date: 'Unknown date', amount: 12.5 });
  });
});
