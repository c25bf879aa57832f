import { screen, within } from '@testing-library/react';
import { DashboardPage } from '../../src/screens/dashboard/dashboard-page.js';
import { json, renderScreen, stubApi, type Responder, type RenderOptions } from '@app/test-support/web';
import { casey } from '../support/fixtures.js';

export interface DashboardReads {
  user?: Responder;
  subscriptions?: Responder;
  invoices?: Responder;
  usage?: Responder;
}

/** The dashboard on `path` with the customer's four reads answered (empty lists unless a test says otherwise). */
export function renderDashboard(
  reads: DashboardReads = {},
  path = '/dashboard',
  options: RenderOptions = {},
) {
  const api = stubApi({
    'GET /api/auth/user': reads.user ?? (() => json(casey)),
    'GET /api/subscriptions': reads.subscriptions ?? (() => json([])),
    'GET /api/invoices': reads.invoices ?? (() => json([])),
    'GET /api/usage': reads.usage ?? (() => json([])),
  });
  return { ...api, ...renderScreen(<DashboardPage />, path, options) };
}

export function card(title: string) {
  const heading = screen.getByRole('heading', { name: title, level: 2 });
  const root = heading.closest('[data-slot="card"]');
  if (!(root instanceof HTMLElement)) throw new Error(`no card titled ${title}`);
  return within(root);
}

export function location() {
  return screen.getByTestId('location').textContent;
}
