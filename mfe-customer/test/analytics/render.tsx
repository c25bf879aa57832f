import { screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { AnalyticsPage } from '../../src/screens/analytics/analytics-page.js';
import { json, renderScreen, stubApi, type Responder, type Routes } from '@app/test-support/web';

/** Every test runs on this day, so the default range is 2026-10-24..2026-11-22. */
export const today = new Date('2026-11-22T05:00:00.000Z');
export const last30Days = '/api/usage?from=2026-10-24&limit=200&to=2026-11-22';
export const last7Days = '/api/usage?from=2026-11-16&limit=200&to=2026-11-22';

export const casey = { id: 'u1', email: 'casey@demo.local', firstName: 'Casey', role: 'tenant' };

/** Pins the date only: React Query and user-event keep real timers. */
export function pinToday() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(today);
}

/**
 * happy-dom lays nothing out, so every box measures 0 × 0 and recharts would skip drawing with a warning; a
 * phone-sized box lets the charts render as they would on a 375 px screen.
 */
function giveBoxesASize() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 343, 256));
}

export function renderAnalytics(
  reads: { usage?: Responder; invoices?: Responder; subscriptions?: Responder; more?: Routes } = {},
) {
  pinToday();
  giveBoxesASize();
  const api = stubApi({
    '/api/auth/user': () => json(casey),
    [last30Days]: reads.usage ?? (() => json([])),
    '/api/invoices?limit=200': reads.invoices ?? (() => json([])),
    '/api/subscriptions?limit=200': reads.subscriptions ?? (() => json([])),
    ...reads.more,
  });
  const rendered = renderScreen(<AnalyticsPage />, '/analytics');
  return { ...api, ...rendered };
}

export function card(title: string) {
  const heading = screen.getByRole('heading', { name: title });
  const root = heading.closest('[data-slot="card"]');
  if (!(root instanceof HTMLElement)) throw new Error(`no card titled ${title}`);
  return within(root);
}
