import { describe, expect, it } from 'vitest';
import { activityPath, filtersFromSearch, withFilters } from '../../src/screens/activity/activity-search.js';
import { dayEnd, dayOf, dayStart, lastDayBefore } from '../../src/screens/activity/day-range.js';

const tenantId = '0193c3a4-5b6c-7d8e-9f01-23456789abcd';

describe("the Activity screen's address", () => {
  it('reads each filter the API takes, by its own name', () => {
    const search = new URLSearchParams({
      actorId: 'billing-renewals',
      entityType: 'tenant',
      entityId: tenantId,
      action: 'tenant.renamed',
      tenantId,
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T00:00:00.000Z',
      unrelated: 'kept out',
    });
    expect(filtersFromSearch(search)).toEqual({
      actorId: 'billing-renewals',
      entityType: 'tenant',
      entityId: tenantId,
      action: 'tenant.renamed',
      tenantId,
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T00:00:00.000Z',
    });
  });

  it('leaves out what the API would refuse, so a hand-edited address still shows the trail', () => {
    const search = new URLSearchParams({
      entityType: 'Not A Type!',
      action: 'renamed',
      tenantId: 'not-an-id',
      from: 'yesterday',
      actorId: '',
    });
    expect(filtersFromSearch(search)).toEqual({});
  });

  it('keeps only the start of a range that ends before it begins', () => {
    const search = new URLSearchParams({ from: '2026-11-05T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' });
    expect(filtersFromSearch(search)).toEqual({ from: '2026-11-05T00:00:00.000Z' });
  });

  it('sets and removes filters, keeping the others', () => {
    const search = new URLSearchParams({ action: 'product.updated', entityType: 'product' });
    const next = withFilters(search, { action: undefined, actorId: 'seed', entityType: '' });
    expect(next.toString()).toBe('actorId=seed');
    expect(search.toString()).toBe('action=product.updated&entityType=product');
  });

  it('links to the screen filtered, or unfiltered', () => {
    expect(activityPath({ tenantId })).toBe(`/admin-activity?tenantId=${tenantId}`);
    expect(activityPath({ entityType: 'user', entityId: 'u 1' })).toBe(
      '/admin-activity?entityType=user&entityId=u+1',
    );
    expect(activityPath({})).toBe('/admin-activity');
  });
});

describe('the days of the time range', () => {
  it("starts a day at the reader's midnight and ends it at the next one's", () => {
    const start = dayStart('2026-11-03');
    const end = dayEnd('2026-11-03');
    if (!start || !end) throw new Error('the days did not parse');
    expect(new Date(start).getHours()).toBe(0);
    expect(dayOf(start)).toBe('2026-11-03');
    expect(dayOf(end)).toBe('2026-11-04');
    expect(lastDayBefore(end)).toBe('2026-11-03');
  });

  it('ends the month and the year on the right day', () => {
    expect(dayOf(dayEnd('2026-12-31'))).toBe('2027-01-01');
    expect(dayOf(dayEnd('2026-02-28'))).toBe('2026-03-01');
  });

  it('reads nothing from what is not a day', () => {
    expect(dayStart('')).toBeUndefined();
    expect(dayEnd('03/11/2026')).toBeUndefined();
    expect(dayOf(undefined)).toBe('');
    expect(lastDayBefore('not a time')).toBe('');
  });
});
