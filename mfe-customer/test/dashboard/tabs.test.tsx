// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@app/test-support/web';
import { anInvoice, aSubscription } from '../support/fixtures.js';
import { card, location, renderDashboard } from './render.js';

describe('Customer dashboard tabs (SPEC.md §2)', () => {
  it('opens on Overview: quick actions lead to the catalogue, billing and analytics', async () => {
    const user = userEvent.setup();
    renderDashboard();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    const actions = card('Quick Actions');
    expect(actions.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/catalog');
    expect(actions.getByRole('link', { name: 'View Billing' })).toHaveAttribute('href', '/billing');
    expect(actions.getByRole('link', { name: 'View Analytics' })).toHaveAttribute('href', '/analytics');
    await user.click(actions.getByRole('link', { name: 'View Billing' }));
    expect(location()).toBe('/billing');
  });

  it('shows the static System Status, all Operational, with 99.9% overall uptime', () => {
    renderDashboard();
    const items = within(screen.getByRole('list', { name: 'System status' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'API GatewayOperational',
      'Analytics ServiceOperational',
      'Payment ProcessingOperational',
    ]);
    expect(card('System Status').getByText('Overall uptime')).toBeInTheDocument();
    expect(card('System Status').getByText('99.9%')).toBeInTheDocument();
  });

  it('lists subscriptions with product, plan, status and amount per month, with fallbacks', async () => {
    const user = userEvent.setup();
    renderDashboard({
      subscriptions: () =>
        json([
          aSubscription({ productName: 'Bank Connect', plan: 'enterprise', amount: 249.5 }),
          aSubscription({
            productName: '',
            product: { name: '', basePrice: 0, color: '#3B82F6' },
            plan: 'gold' as 'basic',
            status: 'suspended',
            amount: 10,
          }),
        ]),
    });
    await user.click(screen.getByRole('tab', { name: 'Subscriptions' }));
    const rows = within(await screen.findByRole('list', { name: 'Subscriptions' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('heading', { name: 'Bank Connect' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Enterprise Plan');
    expect(rows[0]).toHaveTextContent('active');
    expect(rows[0]).toHaveTextContent('$249.50/month');
    expect(within(rows[1]!).getByRole('heading', { name: 'Unknown Product' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Basic Plan');
    expect(rows[1]).toHaveTextContent('suspended');
  });

  it('says No subscriptions and offers Browse Services when there are none', async () => {
    const user = userEvent.setup();
    renderDashboard();
    await user.click(screen.getByRole('tab', { name: 'Subscriptions' }));
    expect(await screen.findByText('No subscriptions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/catalog');
  });

  it('shows the subscriptions read’s error message in its tab', async () => {
    const user = userEvent.setup();
    renderDashboard({ subscriptions: () => new Response('boom', { status: 500 }) });
    await user.click(screen.getByRole('tab', { name: 'Subscriptions' }));
    const tab = screen.getByRole('tabpanel');
    expect(await within(tab).findByRole('alert')).toHaveTextContent('500: boom');
  });

  it('lists the latest 5 invoices, each linking to its printable page', async () => {
    const user = userEvent.setup();
    const invoices = ['01', '02', '03', '04', '05', '06'].map((day) =>
      anInvoice({
        invoiceNumber: `INV-0000${day}`,
        createdAt: `2026-11-${day}T12:00:00.000Z`,
        amount: Number(day) * 10,
        status: day === '06' ? 'pending' : 'paid',
      }),
    );
    renderDashboard({ invoices: () => json(invoices) });
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    const list = await screen.findByRole('list', { name: 'Recent invoices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('INV-000006');
    expect(rows[0]).toHaveTextContent('Nov 6, 2026');
    expect(rows[0]).toHaveTextContent('Pending');
    expect(rows[0]).toHaveTextContent('$60.00');
    expect(rows[4]).toHaveTextContent('INV-000002');
    expect(within(list).queryByText('INV-000001')).not.toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'INV-000006' })).toHaveAttribute(
      'href',
      `/billing/invoices/${invoices[5]!.id}`,
    );
  });

  it('says No invoices when there are none', async () => {
    const user = userEvent.setup();
    renderDashboard();
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    expect(await screen.findByText('No invoices')).toBeInTheDocument();
  });
});
