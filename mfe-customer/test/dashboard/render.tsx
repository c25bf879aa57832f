import { screen, within } from '@testing-library/react';
import { DashboardPage } from '../../src/screens/dashboard/dashboard-page.js';
import {
  json,
  renderScreen,
  stubApi,
  type Responder,
  type RenderOptions,
  type Routes,
} from '@app/test-support/web';
import { casey } from '../support/fixtures.js';

export interface DashboardReads {
  user?: Responder;
  subscriptions?: Responder;
  invoices?: Responder;
  usage?: Responder;
  /** Billing's terms of the listed subscriptions (GET /api/billing/subscriptions?ids=…). */
  terms?: Responder;
  /** Further routes: the next pages of a paged read. */
  more?: Routes;
}

/** The dashboard on `path` with the customer's reads answered (empty lists unless a test says otherwise). */
export function renderDashboard(
  reads: DashboardReads = {},
  path = '/dashboard',
  options: RenderOptions = {},
) {
  const api = stubApi({
    'GET /api/auth/user': reads.user ?? (() => json(casey)),
    'GET /api/subscriptions?limit=200': reads.subscriptions ?? (() => json([])),
    'GET /api/invoices?limit=200': reads.invoices ?? (() => json([])),
    'GET /api/usage?limit=200': reads.usage ?? (() => json([])),
    'GET /api/billing/subscriptions?*': reads.terms ?? (() => json([])),
    ...reads.more,
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
