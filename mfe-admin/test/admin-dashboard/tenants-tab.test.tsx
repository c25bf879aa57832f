// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminDashboardPage } from '../../src/screens/admin-dashboard/admin-dashboard-page.js';
import { json, pageOf, renderScreen, stubApi } from '@app/test-support/web';
import { aProductSummary, aSubscription, aTenant, aTenantSummary } from '../support/fixtures.js';

/** The dashboard's reads besides its tenants: the summaries and the products. */
const others = {
  '/api/admin/tenants/summary': () => json(aTenantSummary()),
  '/api/admin/products/summary': () => json(aProductSummary()),
  '/api/products': () => json([]),
};
const firstTen = '/api/admin/tenants?limit=10';

const tenantRows = () =>
  within(screen.getByRole('list', { name: 'Tenants' })).getAllByRole('heading', { level: 3 });

describe('Admin Dashboard, Tenants tab', () => {
  it('reads and lists the first 10 tenants with slug, counts, status and a link to their details', async () => {
    const tenants = Array.from({ length: 12 }, (_, index) =>
      aTenant({ name: `Tenant number ${index + 1}`, slug: `tenant-${index + 1}` }),
    );
    const suspended = aTenant({
      name: 'Northwind Traders',
      slug: 'northwind',
      status: 'suspended',
      subscriptionCount: 3,
      activeSubscriptions: 1,
    });
    const firstPage = [suspended, ...tenants].slice(0, 10);
    const api = stubApi({
      ...others,
      [firstTen]: () => pageOf(firstPage, `${firstTen}&cursor=c10`),
    });
    renderScreen(<AdminDashboardPage />);

    await screen.findByRole('list', { name: 'Tenants' });
    expect(tenantRows().map((heading) => heading.textContent)).toEqual([
      'Northwind Traders',
      ...tenants.slice(0, 9).map((tenant) => tenant.name),
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.url.startsWith('/api/admin/tenants?'))).toHaveLength(1);
    const row = within(
      screen.getByRole('heading', { name: 'Northwind Traders' }).closest('li') as HTMLElement,
    );
    expect(row.getByText('northwind')).toBeInTheDocument();
    expect(row.getByText('3 subscriptions, 1 active')).toBeInTheDocument();
    expect(row.getByText('suspended')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'View Details of Northwind Traders' })).toHaveAttribute(
      'href',
      `/tenant-details/${suspended.id}`,
    );
  });

  it('names a tenant without a name by the first 8 characters of its id', async () => {
    const unnamed = aTenant({ name: '' });
    stubApi({ ...others, [firstTen]: () => json([unnamed]) });
    renderScreen(<AdminDashboardPage />);
    expect(
      await screen.findByRole('heading', { name: `Tenant ${unnamed.id.slice(0, 8)}` }),
    ).toBeInTheDocument();
  });

  it("reads a tenant's subscriptions only when its row expands, and lists them with links", async () => {
    const user = userEvent.setup();
    const tenant = aTenant({ name: 'Casey Studio', subscriptionCount: 2, activeSubscriptions: 1 });
    const live = aSubscription(tenant, {
      product: { name: 'Bank Connect', basePrice: 49, color: '#10B981' },
      domainUrl: 'https://casey.example.com',
    });
    const paused = aSubscription(tenant, { status: 'suspended' });
    const path = `/api/admin/tenants/${tenant.id}/subscriptions`;
    const api = stubApi({ ...others, [firstTen]: () => json([tenant]), [path]: () => json([live, paused]) });
    renderScreen(<AdminDashboardPage />);

    const toggle = await screen.findByRole('button', { name: 'Subscriptions of Casey Studio' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(api.callsTo(path)).toHaveLength(0);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const list = within(await screen.findByRole('list', { name: 'Subscriptions of Casey Studio' }));
    const [first, second] = list.getAllByRole('listitem');
    if (!first || !second) throw new Error('expected two subscriptions');
    expect(within(first).getByText('Bank Connect')).toBeInTheDocument();
    expect(within(first).getByText('active')).toBeInTheDocument();
    const domain = within(first).getByRole('link', { name: 'https://casey.example.com' });
    expect(domain).toHaveAttribute('href', 'https://casey.example.com');
    expect(domain).toHaveAttribute('target', '_blank');
    expect(domain).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      within(first).getByRole('link', { name: 'Monitor Bank Connect for Casey Studio' }),
    ).toHaveAttribute('href', `/tenant-monitoring/${tenant.id}?subscription=${live.id}`);
    expect(within(second).getByText('suspended')).toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: /^https?:/ })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.queryByRole('list', { name: 'Subscriptions of Casey Studio' })).not.toBeInTheDocument();
  });

  it('shows No active subscriptions for a tenant without any, and for a failed read (SPEC.md §7)', async () => {
    const user = userEvent.setup();
    const empty = aTenant({ name: 'Jordan Labs' });
    const failing = aTenant({ name: 'Failing Co' });
    stubApi({
      ...others,
      [firstTen]: () => json([empty, failing]),
      [`/api/admin/tenants/${empty.id}/subscriptions`]: () => json([]),
      [`/api/admin/tenants/${failing.id}/subscriptions`]: () => json({}, 500),
    });
    renderScreen(<AdminDashboardPage />);

    await user.click(await screen.findByRole('button', { name: 'Subscriptions of Jordan Labs' }));
    await user.click(screen.getByRole('button', { name: 'Subscriptions of Failing Co' }));
    await expect.poll(() => screen.queryAllByText('No active subscriptions').length).toBe(2);
  });

  it("reads an expanded tenant's further subscriptions with Load more", async () => {
    const user = userEvent.setup();
    const tenant = aTenant({ name: 'Casey Studio' });
    const [first, second] = [aSubscription(tenant), aSubscription(tenant, { status: 'trial' })];
    const path = `/api/admin/tenants/${tenant.id}/subscriptions`;
    stubApi({
      ...others,
      [firstTen]: () => json([tenant]),
      [path]: () => pageOf([first], `${path}?cursor=c1`),
      [`${path}?cursor=c1`]: () => pageOf([second]),
    });
    renderScreen(<AdminDashboardPage />);

    await user.click(await screen.findByRole('button', { name: 'Subscriptions of Casey Studio' }));
    const list = within(await screen.findByRole('list', { name: 'Subscriptions of Casey Studio' }));
    expect(list.getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(2));
    expect(list.getByText('trial')).toBeInTheDocument();
  });
});
