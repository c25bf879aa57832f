// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminPortalPage } from '../../src/screens/admin-portal/admin-portal-page.js';
import { json, renderScreen } from '@app/test-support/web';
import { aSubscription, aTenant } from '../support/fixtures.js';
import { stubPortal } from './portal-api.js';

describe('Admin Portal, Tenants tab', () => {
  it('lists every tenant with a details link; expanding one lists its subscriptions with Monitor links to analytics', async () => {
    const user = userEvent.setup();
    const tenants = Array.from({ length: 11 }, (_, index) => aTenant({ name: `Tenant ${index + 1}` }));
    const tenant = aTenant({
      name: 'Casey Studio',
      slug: 'casey',
      subscriptionCount: 2,
      activeSubscriptions: 1,
    });
    const live = aSubscription(tenant, {
      product: { name: 'Bank Connect', basePrice: 49, color: '#10B981' },
      domainUrl: 'https://casey.example.com',
    });
    const path = `/api/admin/tenants/${tenant.id}/subscriptions`;
    const api = stubPortal({ tenants: [...tenants, tenant] }, { [path]: () => json([live]) });
    renderScreen(<AdminPortalPage />, '/admin-portal');

    await user.click(await screen.findByRole('tab', { name: 'Tenants' }));
    const list = within(await screen.findByRole('list', { name: 'Tenants' }));
    expect(list.getAllByRole('heading', { level: 3 })).toHaveLength(12);
    expect(screen.getByRole('link', { name: 'View Details of Casey Studio' })).toHaveAttribute(
      'href',
      `/tenant-details/${tenant.id}`,
    );
    expect(api.callsTo(path)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Subscriptions of Casey Studio' }));
    const subscriptions = within(await screen.findByRole('list', { name: 'Subscriptions of Casey Studio' }));
    expect(subscriptions.getByText('Bank Connect')).toBeInTheDocument();
    expect(subscriptions.getByText('active')).toBeInTheDocument();
    expect(subscriptions.getByRole('link', { name: 'https://casey.example.com' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(
      subscriptions.getByRole('link', { name: 'Monitor Bank Connect for Casey Studio' }),
    ).toHaveAttribute('href', `/analytics?tenant=${tenant.id}&product=${live.productId}`);
  });

  it('shows No active subscriptions for a tenant without any', async () => {
    const user = userEvent.setup();
    const tenant = aTenant({ name: 'Jordan Labs' });
    stubPortal({ tenants: [tenant] }, { [`/api/admin/tenants/${tenant.id}/subscriptions`]: () => json([]) });
    renderScreen(<AdminPortalPage />, '/admin-portal');

    await user.click(await screen.findByRole('tab', { name: 'Tenants' }));
    await user.click(await screen.findByRole('button', { name: 'Subscriptions of Jordan Labs' }));
    expect(await screen.findByText('No active subscriptions')).toBeInTheDocument();
  });
});
