import { describe, expect, it } from 'vitest';
import { dailyApiCalls, totalCalls } from '../../src/screens/analytics/daily-calls.js';
import { monthlySpend, totalSpend } from '../../src/screens/analytics/monthly-spend.js';
import { aUsageRecord, anInvoice } from '../support/fixtures.js';

const week = { days: 7, from: '2026-11-16', to: '2026-11-22' } as const;

describe('dailyApiCalls', () => {
  it('gives every day of the range, zero where there was no record', () => {
    const series = dailyApiCalls([aUsageRecord(5, '2026-11-17'), aUsageRecord(40, '2026-11-22')], week);
    expect(series).toEqual([
      { day: '2026-11-16', calls: 0 },
      { day: '2026-11-17', calls: 5 },
      { day: '2026-11-18', calls: 0 },
      { day: '2026-11-19', calls: 0 },
      { day: '2026-11-20', calls: 0 },
      { day: '2026-11-21', calls: 0 },
      { day: '2026-11-22', calls: 40 },
    ]);
    expect(totalCalls(series)).toBe(45);
  });

  it('leaves out records outside the range', () => {
    const series = dailyApiCalls([aUsageRecord(9, '2026-11-15'), aUsageRecord(9, '2026-11-23')], week);
    expect(totalCalls(series)).toBe(0);
  });
});

describe('monthlySpend', () => {
  const quarter = { days: 90, from: '2026-08-25', to: '2026-11-22' } as const;

  it('sums invoices created in the range per month, each month of the range listed', () => {
    const months = monthlySpend(
      [
        anInvoice({ createdAt: '2026-08-24T23:59:59.000Z', amount: 1000 }),
        anInvoice({ createdAt: '2026-08-25T00:00:00.000Z', amount: 10.1 }),
        anInvoice({ createdAt: '2026-10-03T10:00:00.000Z', amount: 20.2 }),
        anInvoice({ createdAt: '2026-10-30T10:00:00.000Z', amount: 0.07 }),
        anInvoice({ createdAt: '2026-11-22T23:59:59.000Z', amount: 49, status: 'pending' }),
        anInvoice({ createdAt: '2026-11-23T00:00:00.000Z', amount: 1000 }),
      ],
      quarter,
    );
    expect(months).toEqual([
      { month: '2026-08', amount: 10.1 },
      { month: '2026-09', amount: 0 },
      { month: '2026-10', amount: 20.27 },
      { month: '2026-11', amount: 49 },
    ]);
    expect(totalSpend(months)).toBe(79.37);
  });

  it('adds in cents, so the sum has no float dust', () => {
    const months = monthlySpend(
      [
        anInvoice({ createdAt: '2026-11-20T00:00:00.000Z', amount: 0.1 }),
        anInvoice({ createdAt: '2026-11-21T00:00:00.000Z', amount: 0.2 }),
      ],
      week,
    );
    expect(totalSpend(months)).toBe(0.3);
  });
});
