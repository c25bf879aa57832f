// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminPortalPage } from '../../src/screens/admin-portal/admin-portal-page.js';
import { screens, standalonePaths } from '../../src/routes.js';
import { json, renderScreen, stubApi } from '@app/test-support/web';
import { cardTitled } from '../support/cards.js';
import { aCurrentUser, aProductSummary, aTenantSummary } from '../support/fixtures.js';
import { stubPortal } from './portal-api.js';

describe('Admin Portal', () => {
  it('counts users, admins, tenants, active tenants, products and active products from the summaries', async () => {
    stubPortal({
      userSummary: { totalUsers: 5, adminUsers: 2 },
      tenantSummary: aTenantSummary({ totalTenants: 4, activeTenants: 2, suspendedTenants: 2 }),
      productSummary: aProductSummary({ totalProducts: 3, activeProducts: 1 }),
    });
    renderScreen(<AdminPortalPage />, '/admin-portal');

    expect(await screen.findByRole('heading', { name: 'Admin Portal', level: 1 })).toBeInTheDocument();
    expect(await cardTitled('Total Users').findByText('5')).toBeInTheDocument();
    expect(cardTitled('Admin Users').getByText('2')).toBeInTheDocument();
    expect(await cardTitled('Total Tenants').findByText('4')).toBeInTheDocument();
    expect(cardTitled('Active Tenants').getByText('2')).toBeInTheDocument();
    expect(await cardTitled('Total Products').findByText('3')).toBeInTheDocument();
    expect(cardTitled('Active Products').getByText('1')).toBeInTheDocument();
  });

  it('shows Access Denied to a signed-in non-admin and reads no admin data', async () => {
    const api = stubApi({ 'GET /api/auth/user': () => json(aCurrentUser({ role: 'tenant' })) });
    renderScreen(<AdminPortalPage />, '/admin-portal');

    expect(await screen.findByRole('heading', { name: 'Access Denied', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Admin privileges required to access this portal.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Portal' })).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.url)).toEqual(['/api/auth/user']);
  });

  it('shows Access Denied when the current-user read says signed out', async () => {
    stubApi({ 'GET /api/auth/user': () => json({}, 401) });
    renderScreen(<AdminPortalPage />, '/admin-portal');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('is the screen the shell mounts on /admin-portal, /product-details/:id and /user-details/:id', async () => {
    expect(await screens['admin-portal']?.()).toBe(AdminPortalPage);
    expect(standalonePaths['admin-portal']).toBe('/admin-portal');
    expect(standalonePaths['product-details']).toBe('/product-details/:id');
    expect(standalonePaths['user-details']).toBe('/user-details/:id');
  });
});
