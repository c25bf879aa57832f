// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BillingPage } from '../../src/screens/billing/billing-page.js';
import { screens, standalonePaths } from '../../src/routes.js';
import { json, never, renderScreen, stubApi, type Responder } from '@app/test-support/web';
import { anInvoice, aSubscription, casey } from '../support/fixtures.js';

const now = new Date('2026-11-22T12:00:00.000Z');

function renderBilling(reads: { subscriptions?: Responder; invoices?: Responder } = {}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  const api = stubApi({
    'GET /api/auth/user': () => json(casey),
    'GET /api/subscriptions?limit=200': reads.subscriptions ?? (() => json([])),
    'GET /api/invoices?limit=200': reads.invoices ?? (() => json([])),
    'GET /api/billing/subscriptions?*': () => json([]),
  });
  return { ...api, ...renderScreen(<BillingPage />, '/billing') };
}

function card(title: string) {
  const heading = screen.getByRole('heading', { name: title, level: 2 });
  const root = heading.closest('[data-slot="card"]');
  if (!(root instanceof HTMLElement)) throw new Error(`no card titled ${title}`);
  return within(root);
}

describe('Billing & Invoices (SPEC.md §2 "Billing")', () => {
  it('counts active subscriptions and invoices, and owes what is pending or overdue', async () => {
    renderBilling({
      subscriptions: () => json([aSubscription(), aSubscription({ status: 'cancelled' }), aSubscription()]),
      invoices: () =>
        json([
          anInvoice({ amount: 99, status: 'paid' }),
          anInvoice({ amount: 10.1, status: 'pending' }),
          anInvoice({ amount: 0.25, status: 'overdue' }),
        ]),
    });
    expect(screen.getByRole('heading', { name: 'Billing & Invoices', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Invoices' })).toBeInTheDocument();
    const cards = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(cards.slice(0, 3)).toEqual(['Active Subscriptions', 'Total Invoices', 'Outstanding Amount']);
    const [activeCard] = screen
      .getAllByRole('heading', { name: 'Active Subscriptions', level: 2 })
      .map((heading) => within(heading.closest('[data-slot="card"]') as HTMLElement));
    expect(activeCard!.getByText('2')).toBeInTheDocument();
    expect(card('Total Invoices').getByText('3')).toBeInTheDocument();
    expect(card('Outstanding Amount').getByText('$10.35')).toBeInTheDocument();
  });

  it('lists each active subscription with its real product, plan, monthly amount and status', async () => {
    renderBilling({
      subscriptions: () =>
        json([
          aSubscription({ productName: 'Bank Connect', plan: 'enterprise', amount: 249 }),
          aSubscription({ productName: 'Gone Product', status: 'cancelled' }),
        ]),
    });
    const list = await screen.findByRole('list', { name: 'Active subscriptions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByRole('heading', { name: 'Bank Connect' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Enterprise Plan');
    expect(rows[0]).toHaveTextContent('$249.00/month');
    expect(rows[0]).toHaveTextContent('active');
    expect(screen.queryByText('$99/month')).not.toBeInTheDocument();
  });

  it('lists invoices newest first: short id, relative time, amount, status; each opens its page', async () => {
    const user = userEvent.setup();
    const recent = anInvoice({
      id: '0f9c2a7e-1b2c-4d5e-8f90-123456789abc',
      createdAt: '2026-11-19T12:00:00.000Z',
      amount: 49.5,
      status: 'pending',
    });
    const older = anInvoice({ createdAt: '2026-10-22T10:00:00.000Z', amount: 99, status: 'overdue' });
    const undated = { ...anInvoice({ status: 'refunded' as 'paid' }), createdAt: '' };
    renderBilling({ invoices: () => json([older, undated, recent]) });

    const rows = within(await screen.findByRole('list', { name: 'Invoices' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '0f9c2a7e3 days ago$49.50Pending',
      `${older.id.slice(0, 8)}last month$99.00OverduePay now`,
      `${undated.id.slice(0, 8)}Recently$99.00refunded`,
    ]);
    await user.click(within(rows[0]!).getByRole('link', { name: 'Invoice 0f9c2a7e' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/billing/invoices/${recent.id}`);
  });

  it('shows the empty states with a way to the plans', async () => {
    renderBilling();
    expect(await screen.findByText('No active subscriptions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Plans' })).toHaveAttribute('href', '/catalog');
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(card('Outstanding Amount').getByText('$0.00')).toBeInTheDocument();
    expect(card('Total Invoices').getByText('0')).toBeInTheDocument();
  });

  it('shows placeholders while loading', () => {
    renderBilling({ subscriptions: never, invoices: never });
    const loading = screen.getAllByRole('status').map((status) => status.textContent);
    expect(loading).toEqual(['Loading subscriptions...', 'Loading invoices...']);
    expect(card('Outstanding Amount').queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('shows the data layer’s message where a read failed', async () => {
    renderBilling({ invoices: () => new Response('billing is down', { status: 503 }) });
    expect(await card('Recent Invoices').findByRole('alert')).toHaveTextContent('503: billing is down');
    expect(card('Outstanding Amount').getByRole('alert')).toHaveTextContent('503: billing is down');
    expect(await screen.findByText('No active subscriptions')).toBeInTheDocument();
  });

  it('is the screen the shell mounts on /billing', async () => {
    expect(await screens.billing?.()).toBe(BillingPage);
    expect(standalonePaths.billing).toBe('/billing');
  });
});
