// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminDashboardPage } from '../../src/screens/admin-dashboard/admin-dashboard-page.js';
import { json, never, pageOf, renderScreen, stubApi } from '@app/test-support/web';
import { aHealthEntry, aProduct, aProductSummary, aTenantSummary } from '../support/fixtures.js';

/** The dashboard's reads besides the one a test looks at. */
const others = {
  '/api/admin/tenants?limit=10': () => json([]),
  '/api/admin/tenants/summary': () => json(aTenantSummary()),
  '/api/admin/products/summary': () => json(aProductSummary()),
};

describe('Admin Dashboard, Products tab', () => {
  it('lists every product with category, Active or Inactive, and its monthly price', async () => {
    const user = userEvent.setup();
    stubApi({
      ...others,
      '/api/products': () =>
        json([
          aProduct({ name: 'Bank Connect', category: 'Connectivity', basePrice: 49 }),
          aProduct({ name: 'KYC Check', category: 'Security', basePrice: 129.5, isActive: false }),
        ]),
    });
    renderScreen(<AdminDashboardPage />);
    await user.click(screen.getByRole('tab', { name: 'Products' }));

    const list = within(await screen.findByRole('list', { name: 'Products' }));
    const [bank, kyc] = list.getAllByRole('listitem');
    if (!bank || !kyc) throw new Error('expected two products');
    expect(bank).toHaveTextContent('Bank Connect');
    expect(bank).toHaveTextContent('Connectivity');
    expect(within(bank).getByText('Active')).toBeInTheDocument();
    expect(bank).toHaveTextContent('$49.00/mo');
    expect(within(kyc).getByText('Inactive')).toBeInTheDocument();
    expect(kyc).toHaveTextContent('$129.50/mo');
  });

  it('reads the next page of products with Load more', async () => {
    const user = userEvent.setup();
    stubApi({
      ...others,
      '/api/products': () => pageOf([aProduct({ name: 'Bank Connect' })], '/api/products?cursor=c1'),
      '/api/products?cursor=c1': () => pageOf([aProduct({ name: 'KYC Check' })]),
    });
    renderScreen(<AdminDashboardPage />);
    await user.click(screen.getByRole('tab', { name: 'Products' }));

    const list = within(await screen.findByRole('list', { name: 'Products' }));
    expect(list.getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await list.findByText('KYC Check')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('Admin Dashboard, System tab', () => {
  it("keeps the spec's static list all Operational and lists the measured health checks", async () => {
    const user = userEvent.setup();
    stubApi({
      ...others,
      '/api/products': () => json([]),
      '/api/admin/health': () =>
        json([
          aHealthEntry({ name: 'catalog', latencyMs: 12.4 }),
          aHealthEntry({ name: 'NATS', status: 'down', latencyMs: 2000, details: { kind: 'dependency' } }),
        ]),
    });
    renderScreen(<AdminDashboardPage />);
    await user.click(screen.getByRole('tab', { name: 'System' }));

    const fixed = within(screen.getByRole('list', { name: 'System status' }));
    expect(fixed.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'API GatewayOperational',
      'DatabaseOperational',
      'Payment ServiceOperational',
      'Analytics EngineOperational',
    ]);
    const measured = within(await screen.findByRole('list', { name: 'Health checks' }));
    expect(measured.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'catalog12 msOperational',
      'NATS2000 msDown',
    ]);
  });

  it('shows a loading state for the health checks, and the Admin Actions', async () => {
    const user = userEvent.setup();
    stubApi({
      ...others,
      '/api/products': () => json([]),
      '/api/admin/health': never,
    });
    renderScreen(<AdminDashboardPage />);
    await user.click(screen.getByRole('tab', { name: 'System' }));

    expect(screen.getByRole('status')).toHaveTextContent('Loading health checks...');
    expect(screen.getByRole('link', { name: 'Manage Tenants' })).toHaveAttribute('href', '/admin-portal');
    expect(screen.getByRole('link', { name: 'Product Settings' })).toHaveAttribute('href', '/admin-portal');
    expect(screen.getByRole('link', { name: 'Billing Reports' })).toHaveAttribute('href', '/billing');
    expect(screen.getByRole('button', { name: 'System Alerts' })).toBeDisabled();
  });
});
