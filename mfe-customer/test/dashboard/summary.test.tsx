// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DashboardPage } from '../../src/screens/dashboard/dashboard-page.js';
import { screens, standalonePaths } from '../../src/routes.js';
import { json, never, pagedList } from '@app/test-support/web';
import { anInvoice, aSubscription, aUsageRecord } from '../support/fixtures.js';
import { card, renderDashboard } from './render.js';

describe('Customer dashboard summary cards (SPEC.md §2)', () => {
  it('counts, sums and totals from the customer’s own reads', async () => {
    renderDashboard({
      subscriptions: () => json([aSubscription(), aSubscription({ status: 'trial' }), aSubscription()]),
      invoices: () =>
        json([
          anInvoice({ amount: 10.1 }),
          anInvoice({ amount: 20.2, status: 'pending' }),
          anInvoice({ amount: 0.07 }),
        ]),
      usage: () => json([aUsageRecord(1200), aUsageRecord(34, '2026-11-03')]),
    });

    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(await card('Active Subscriptions').findByText('2')).toBeInTheDocument();
    expect(card('Active Subscriptions').getByText('3 total services')).toBeInTheDocument();
    expect(await card('Total Spending').findByText('$30.37')).toBeInTheDocument();
    expect(card('Total Spending').getByText('Lifetime billing')).toBeInTheDocument();
    expect(await card('Usage This Month').findByText('1,234')).toBeInTheDocument();
    expect(card('Usage This Month').getByText('API calls')).toBeInTheDocument();
    expect(card('System Health').getByText('99.9%')).toBeInTheDocument();
    expect(card('System Health').getByText('last 30 days uptime')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('totals every page of the customer’s invoices and usage, not only the first', async () => {
    const invoices = Array.from({ length: 450 }, () => anInvoice({ amount: 1.01 }));
    const usage = Array.from({ length: 201 }, () => aUsageRecord(2));
    const { callsTo } = renderDashboard({
      invoices: pagedList(invoices),
      usage: pagedList(usage),
      more: { 'GET /api/invoices?*': pagedList(invoices), 'GET /api/usage?*': pagedList(usage) },
    });
    expect(await card('Total Spending').findByText('$454.50')).toBeInTheDocument();
    expect(await card('Usage This Month').findByText('402')).toBeInTheDocument();
    expect(callsTo('/api/invoices?limit=200&cursor=at400')).toHaveLength(1);
  });

  it('reads this month’s usage without a range: the API answers the current UTC month', async () => {
    const { callsTo } = renderDashboard();
    expect(await card('Usage This Month').findByText('0')).toBeInTheDocument();
    expect(callsTo('/api/usage?limit=200', 'GET')).toHaveLength(1);
    expect(card('Total Spending').getByText('$0.00')).toBeInTheDocument();
  });

  it('shows placeholders while the reads load', () => {
    renderDashboard({ subscriptions: never, invoices: never, usage: never });
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...');
    expect(card('Total Spending').queryByText(/\$/)).not.toBeInTheDocument();
    expect(card('Active Subscriptions').queryByText(/total services/)).not.toBeInTheDocument();
    expect(card('System Health').getByText('99.9%')).toBeInTheDocument();
  });

  it('shows the data layer’s message on the card whose read failed', async () => {
    renderDashboard({
      usage: () => new Response('usage store down', { status: 503, statusText: 'Service Unavailable' }),
    });
    expect(await card('Usage This Month').findByRole('alert')).toHaveTextContent('503: usage store down');
    expect(card('Usage This Month').getByText('Unavailable')).toBeInTheDocument();
    expect(await card('Total Spending').findByText('$0.00')).toBeInTheDocument();
  });

  it('is the screen the shell mounts on /dashboard', async () => {
    expect(await screens.dashboard?.()).toBe(DashboardPage);
    expect(standalonePaths.dashboard).toBe('/dashboard');
  });
});
