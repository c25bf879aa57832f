// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminDashboardPage } from '../../src/screens/admin-dashboard/admin-dashboard-page.js';
import { screens, standalonePaths } from '../../src/routes.js';
import { json, never, renderScreen, stubApi } from '@app/test-support/web';
import { aProduct, aTenant } from '../support/fixtures.js';

function card(title: string) {
  const heading = screen.getByText(title, { selector: '[data-slot="card-title"]' });
  const root = heading.closest('[data-slot="card"]');
  if (!(root instanceof HTMLElement)) throw new Error(`no card titled ${title}`);
  return within(root);
}

describe('Admin Dashboard summary cards', () => {
  it('counts tenants and products and sums all-time revenue from the live reads', async () => {
    stubApi({
      '/api/admin/tenants': () =>
        json([
          aTenant({ totalSpent: 10.1 }),
          aTenant({ totalSpent: 20.2, status: 'suspended' }),
          aTenant({ totalSpent: 0.07 }),
        ]),
      '/api/products': () =>
        json([aProduct(), aProduct({ isActive: false }), aProduct(), aProduct({ isActive: false })]),
    });
    renderScreen(<AdminDashboardPage />);

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeInTheDocument();
    expect(await card('Total Tenants').findByText('3')).toBeInTheDocument();
    expect(card('Total Tenants').getByText('2 active')).toBeInTheDocument();
    expect(await card('Active Products').findByText('2')).toBeInTheDocument();
    expect(card('Active Products').getByText('of 4 total')).toBeInTheDocument();
    expect(card('Total Revenue').getByText('$30.37')).toBeInTheDocument();
    expect(card('System Health').getByText('99.9%')).toBeInTheDocument();
  });

  it('shows placeholders while the reads load', () => {
    stubApi({ '/api/admin/tenants': never, '/api/products': never });
    renderScreen(<AdminDashboardPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading tenants...');
    expect(card('Total Tenants').queryByText(/active/)).not.toBeInTheDocument();
    expect(card('Total Revenue').queryByText(/\$/)).not.toBeInTheDocument();
  });

  it("shows the admin read's error message when the tenants cannot be read", async () => {
    stubApi({ '/api/admin/tenants': () => json({}, 500), '/api/products': () => json([]) });
    renderScreen(<AdminDashboardPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('HTTP error! status: 500');
  });

  it('is the screen the shell mounts on /admin', async () => {
    expect(await screens['admin-dashboard']?.()).toBe(AdminDashboardPage);
    expect(standalonePaths['admin-dashboard']).toBe('/admin');
  });
});
