// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderScreen, stubApi } from '@app/test-support/web';
import { BillingPage } from '../src/screens/billing/billing-page.js';
import { card as analyticsCard, renderAnalytics } from './analytics/render.js';
import { renderDashboard } from './dashboard/render.js';
import { anInvoice, aSubscription, aUsageRecord, casey, without } from './support/fixtures.js';

/**
 * Every fallback SPEC.md §2 names for the customer's screens, each with its field missing from the record, as an
 * old or partial record arrives: the API's types promise the field, the screens must not count on it.
 */
const rows = async (list: string) =>
  within(await screen.findByRole('list', { name: list })).getAllByRole('listitem');

describe('the customer dashboard with old records (SPEC.md §2 "Customer dashboard")', () => {
  it('shows Unknown Product and Basic Plan for a subscription without productName, product or plan', async () => {
    const user = userEvent.setup();
    renderDashboard({
      subscriptions: () =>
        json([
          without(aSubscription({ amount: 12 }), 'productName', 'product', 'plan'),
          without(
            aSubscription({ product: { name: 'Bank Connect', basePrice: 9, color: '#3B82F6' } }),
            'productName',
          ),
        ]),
    });
    await user.click(screen.getByRole('tab', { name: 'Subscriptions' }));
    const [bare, embedded] = await rows('Subscriptions');
    expect(within(bare!).getByRole('heading', { name: 'Unknown Product' })).toBeInTheDocument();
    expect(bare).toHaveTextContent('Basic Plan');
    expect(bare).toHaveTextContent('$12.00/month');
    expect(within(embedded!).getByRole('heading', { name: 'Bank Connect' })).toBeInTheDocument();
    expect(embedded).toHaveTextContent('Professional Plan');
  });

  it('shows INV-n, Unknown date and Paid for an invoice without number, date or status', async () => {
    const user = userEvent.setup();
    renderDashboard({
      invoices: () =>
        json([
          anInvoice({ createdAt: '2026-11-02T12:00:00.000Z' }),
          without(anInvoice({ amount: 12.5 }), 'invoiceNumber', 'createdAt', 'status'),
        ]),
    });
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    const [, bare] = await rows('Recent invoices');
    expect(within(bare!).getByRole('link', { name: 'INV-2' })).toBeInTheDocument();
    expect(bare).toHaveTextContent('Unknown date');
    expect(within(bare!).getByText('Paid')).toBeInTheDocument();
    expect(bare).toHaveTextContent('$12.50');
  });

  it('counts an invoice without an amount as $0.00', async () => {
    const user = userEvent.setup();
    renderDashboard({ invoices: () => json([without(anInvoice(), 'amount')]) });
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    const [bare] = await rows('Recent invoices');
    expect(bare).toHaveTextContent('$0.00');
  });
});

describe('the billing page with old records (SPEC.md §2 "Billing")', () => {
  it('says Recently for an invoice without a created time, and names a bare subscription by its fallbacks', async () => {
    stubApi({
      'GET /api/auth/user': () => json(casey),
      'GET /api/subscriptions?limit=200': () =>
        json([without(aSubscription(), 'productName', 'product', 'plan')]),
      'GET /api/invoices?limit=200': () => json([without(anInvoice(), 'createdAt')]),
    });
    renderScreen(<BillingPage />, '/billing');
    const [invoice] = await rows('Invoices');
    expect(invoice).toHaveTextContent('Recently');
    const [subscription] = await rows('Active subscriptions');
    expect(within(subscription!).getByRole('heading', { name: 'Unknown Product' })).toBeInTheDocument();
    expect(subscription).toHaveTextContent('Basic Plan');
  });
});

describe('analytics with old records (SPEC.md §3)', () => {
  it('leaves out an invoice without a date, adds an amount and a quantity sent as numeric strings', async () => {
    renderAnalytics({
      usage: () => json([{ ...aUsageRecord(0, '2026-11-20'), quantity: '34' }]),
      invoices: () =>
        json([
          { ...anInvoice({ createdAt: '2026-11-02T10:00:00.000Z' }), amount: '12.50' },
          without(anInvoice({ amount: 1000 }), 'createdAt'),
        ]),
    });
    expect(await analyticsCard('Total Revenue').findByText('$12.50')).toBeInTheDocument();
    expect(await analyticsCard('API Calls').findByText('34')).toBeInTheDocument();
  });
});
