import { describe, expect, it } from 'vitest';
import { analyticsCsv, analyticsFileName } from '../../src/screens/analytics/analytics-csv.js';

describe('the analytics export', () => {
  const range = { days: 7, from: '2026-11-16', to: '2026-11-22' } as const;

  it('is named after its range', () => {
    expect(analyticsFileName(range)).toBe('analytics-2026-11-16-to-2026-11-22.csv');
  });

  it('holds the range, the stat cards, calls per day and spend per month', () => {
    const csv = analyticsCsv({
      range,
      daily: [
        { day: '2026-11-21', calls: 0 },
        { day: '2026-11-22', calls: 1234 },
      ],
      monthly: [{ month: '2026-11', amount: 49.5 }],
      spend: 49.5,
      apiCalls: 1234,
      activeSubscriptions: 2,
      usageRecords: 1,
    });
    expect(csv.split('\r\n')).toEqual([
      'Section,Item,Value',
      'Range,From,2026-11-16',
      'Range,To,2026-11-22',
      'Summary,Total Revenue (USD),49.50',
      'Summary,Active Users,2',
      'Summary,API Calls,1234',
      'Summary,Success Rate,Not measured yet',
      'Summary,Usage Records,1',
      'API calls per day,2026-11-21,0',
      'API calls per day,2026-11-22,1234',
      'Spend per month (USD),2026-11,49.50',
      '',
    ]);
  });
});
