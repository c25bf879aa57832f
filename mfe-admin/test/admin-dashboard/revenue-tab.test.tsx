// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import type { RevenueMonthFigures, RevenueReport } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminDashboardPage } from '../../src/screens/admin-dashboard/admin-dashboard-page.js';
import { json, problem, renderScreen, stubApi } from '@app/test-support/web';
import { aProductSummary, aTenantSummary } from '../support/fixtures.js';

const others = {
  '/api/admin/tenants?limit=10': () => json([]),
  '/api/admin/tenants/summary': () => json(aTenantSummary()),
  '/api/admin/products/summary': () => json(aProductSummary()),
  '/api/products': () => json([]),
};

const quiet: RevenueMonthFigures = {
  month: '2026-10',
  mrrAtStart: 0,
  mrr: 0,
  newMrr: 0,
  expansionMrr: 0,
  contractionMrr: 0,
  churnedMrr: 0,
  reactivationMrr: 0,
  netNewMrr: 0,
  customersAtStart: 0,
  customers: 0,
  newCustomers: 0,
  churnedCustomers: 0,
  reactivatedCustomers: 0,
  netRevenueRetention: null,
  logoChurnRate: null,
  arpa: null,
  collected: 0,
  paidInvoices: 0,
  outstanding: 0,
  overdue: 0,
};

const november: RevenueMonthFigures = {
  month: '2026-11',
  mrrAtStart: 1_000,
  mrr: 1_187,
  newMrr: 250,
  expansionMrr: 30,
  contractionMrr: 20,
  churnedMrr: 99,
  reactivationMrr: 26,
  netNewMrr: 187,
  customersAtStart: 10,
  customers: 12,
  newCustomers: 3,
  churnedCustomers: 2,
  reactivatedCustomers: 1,
  netRevenueRetention: 0.937,
  logoChurnRate: 0.2,
  arpa: 98.92,
  collected: 1_420.5,
  paidInvoices: 14,
  outstanding: 310,
  overdue: 99,
};

const report: RevenueReport = {
  currency: 'usd',
  from: '2026-10',
  to: '2026-11',
  asOf: '2026-11-22T09:30:00.000Z',
  months: [quiet, november],
};

const figure = (title: string) =>
  within(screen.getByRole('list', { name: 'Figures of November 2026' }))
    .getByRole('heading', { name: title })
    .closest('[data-slot="card"]') as HTMLElement;

describe('Admin Dashboard, Revenue tab', () => {
  it("shows the current month's figures, both charts' numbers and the export of the same months", async () => {
    const user = userEvent.setup();
    stubApi({ ...others, '/api/admin/billing/revenue': () => json(report) });
    renderScreen(<AdminDashboardPage />);
    await user.click(screen.getByRole('tab', { name: 'Revenue' }));

    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    const expected: [string, string][] = [
      ['MRR', '$1,187.00'],
      ['New MRR', '$250.00'],
      ['Expansion MRR', '$30.00'],
      ['Contraction MRR', '$20.00'],
      ['Churned MRR', '$99.00'],
      ['Reactivated MRR', '$26.00'],
      ['Net revenue retention', '93.7%'],
      ['Logo churn', '20%'],
      ['ARPA', '$98.92'],
      ['Collected', '$1,420.50'],
      ['Outstanding', '$310.00'],
      ['Overdue', '$99.00'],
    ];
    for (const [title, value] of expected) expect(within(figure(title)).getByText(value)).toBeInTheDocument();

    // The charts are a chunk of their own: recharts loads on the tab's first opening.
    const movements = await screen.findByRole('table', { name: 'MRR movements' }, { timeout: 10_000 });
    expect(
      within(movements)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'MonthNewExpansionReactivationContractionChurnedNet new',
      'Oct 2026$0.00$0.00$0.00$0.00$0.00$0.00',
      'Nov 2026$250.00$30.00$26.00-$20.00-$99.00$187.00',
    ]);
    expect(within(screen.getByRole('table', { name: 'MRR' })).getByText('$1,187.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/billing/revenue/export?from=2026-10&to=2026-11',
    );
  });

  it('says when the figures cannot be read', async () => {
    const user = userEvent.setup();
    stubApi({ ...others, '/api/admin/billing/revenue': () => problem(503, 'Billing is unavailable') });
    renderScreen(<AdminDashboardPage />);
    await user.click(screen.getByRole('tab', { name: 'Revenue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('HTTP error! status: 503');
  });
});
