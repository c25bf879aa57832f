// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminDashboardPage } from '../../src/screens/admin-dashboard/admin-dashboard-page.js';
import { screens, standalonePaths } from '../../src/routes.js';
import { json, never, renderScreen, stubApi } from '@app/test-support/web';
import { aProductSummary, aTenantSummary } from '../support/fixtures.js';

function card(title: string) {
  const heading = screen.getByText(title, { selector: '[data-slot="card-title"]' });
  const root = heading.closest('[data-slot="card"]');
  if (!(root instanceof HTMLElement)) throw new Error(`no card titled ${title}`);
  return within(root);
}

const lists = { '/api/admin/tenants?limit=10': () => json([]), '/api/products': () => json([]) };
const summaries = {
  '/api/admin/tenants/summary': () => json(aTenantSummary()),
  '/api/admin/products/summary': () => json(aProductSummary()),
};

describe('Admin Dashboard summary cards', () => {
  it('shows the tenant and product counts and the all-time revenue from the summaries', async () => {
    const api = stubApi({
      ...lists,
      '/api/admin/tenants/summary': () =>
        json(aTenantSummary({ totalTenants: 3, activeTenants: 2, suspendedTenants: 1, totalRevenue: 30.37 })),
      '/api/admin/products/summary': () => json(aProductSummary({ totalProducts: 4, activeProducts: 2 })),
    });
    renderScreen(<AdminDashboardPage />);

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeInTheDocument();
    expect(await card('Total Tenants').findByText('3')).toBeInTheDocument();
    expect(card('Total Tenants').getByText('2 active')).toBeInTheDocument();
    expect(await card('Active Products').findByText('2')).toBeInTheDocument();
    expect(card('Active Products').getByText('of 4 total')).toBeInTheDocument();
    expect(card('Total Revenue').getByText('$30.37')).toBeInTheDocument();
    expect(card('System Health').getByText('99.9%')).toBeInTheDocument();
    expect(api.callsTo('/api/admin/tenants?limit=10')).toHaveLength(1);
  });

  it('shows placeholders while the reads load', () => {
    stubApi({
      '/api/admin/tenants?limit=10': never,
      '/api/products': never,
      '/api/admin/tenants/summary': never,
      '/api/admin/products/summary': never,
    });
    renderScreen(<AdminDashboardPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading tenants...');
    expect(card('Total Tenants').queryByText(/active/)).not.toBeInTheDocument();
    expect(card('Total Revenue').queryByText(/\$/)).not.toBeInTheDocument();
  });

  it("shows the admin read's error message when the tenants cannot be read", async () => {
    stubApi({
      ...summaries,
      '/api/admin/tenants?limit=10': () => json({}, 500),
      '/api/products': () => json([]),
    });
    renderScreen(<AdminDashboardPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('HTTP error! status: 500');
  });

  it('says a figure is unavailable, with the error, when its summary cannot be read', async () => {
    stubApi({
      ...lists,
      '/api/admin/tenants/summary': () => json({}, 503),
      '/api/admin/products/summary': () => json(aProductSummary()),
    });
    renderScreen(<AdminDashboardPage />);
    expect(await card('Total Tenants').findByText('Unavailable')).toBeInTheDocument();
    expect(card('Total Tenants').getByRole('alert')).toHaveTextContent('HTTP error! status: 503');
    expect(card('Total Revenue').getByText('Unavailable')).toBeInTheDocument();
  });

  it('is the screen the shell mounts on /admin', async () => {
    expect(await screens['admin-dashboard']?.()).toBe(AdminDashboardPage);
    expect(standalonePaths['admin-dashboard']).toBe('/admin');
  });
});
