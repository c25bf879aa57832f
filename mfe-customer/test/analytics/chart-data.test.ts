import { describe, expect, it } from 'vitest';
import { dailyCallsChartData, monthlySpendChartData } from '../../src/screens/analytics/chart-data.js';
import { fullDay, monthLabel, shortDay } from '../../src/screens/analytics/labels.js';

describe('chart labels', () => {
  it('are short on the axis and full in the tables, in UTC', () => {
    expect(shortDay('2026-11-21')).toBe('Nov 21');
    expect(fullDay('2026-11-21')).toBe('Nov 21, 2026');
    expect(monthLabel('2026-11')).toBe('Nov 2026');
  });
});

describe('the charts for screen readers', () => {
  it('name the calls chart with its total and list each day', () => {
    const data = dailyCallsChartData(
      [
        { day: '2026-11-21', calls: 0 },
        { day: '2026-11-22', calls: 1500 },
      ],
      7,
    );
    expect(data.summary).toBe('API calls per day, last 7 days: 1,500 calls in total');
    expect(data.rows).toEqual([
      ['Nov 21, 2026', '0'],
      ['Nov 22, 2026', '1,500'],
    ]);
    expect(data.empty).toBeNull();
  });

  it('say there is nothing to draw when no call was made', () => {
    expect(dailyCallsChartData([{ day: '2026-11-22', calls: 0 }], 30).empty).toBe(
      'No API calls in the last 30 days.',
    );
  });

  it('name the spend chart with its total, and say when there were no invoices', () => {
    const data = monthlySpendChartData(
      [
        { month: '2026-10', amount: 10.1 },
        { month: '2026-11', amount: 0.2 },
      ],
      30,
    );
    expect(data.summary).toBe('Spend per month, last 30 days: $10.30 in total');
    expect(data.rows).toEqual([
      ['Oct 2026', '$10.10'],
      ['Nov 2026', '$0.20'],
    ]);
    expect(monthlySpendChartData([{ month: '2026-11', amount: 0 }], 7).empty).toBe(
      'No invoices in the last 7 days.',
    );
  });
});
