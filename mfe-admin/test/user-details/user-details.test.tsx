// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@app/contracts';
import { UserDetailsPage } from '../../src/screens/user-details/user-details-page.js';
import { screens } from '../../src/routes.js';
import { json, pageOf, problem, renderScreen, stubApi, type Routes } from '@app/test-support/web';
import { cardTitled } from '../support/cards.js';
import { aTenant, aTenantSummary, aUser } from '../support/fixtures.js';

const route = '/user-details/:id';

const ownedBy = (person: Pick<User, 'id'>) => `/api/admin/tenants?ownerId=${person.id}`;
const summaryOf = (person: Pick<User, 'id'>) => `/api/admin/tenants/summary?ownerId=${person.id}`;

function open(person: User, routes: Routes = {}) {
  const api = stubApi({
    [`GET /api/admin/users/${person.id}`]: () => json(person),
    [`GET ${ownedBy(person)}`]: () => json([]),
    [`GET ${summaryOf(person)}`]: () =>
      json(aTenantSummary({ totalTenants: 0, activeTenants: 0, totalSubscriptions: 0 })),
    ...routes,
  });
  renderScreen(<UserDetailsPage />, `/user-details/${person.id}`, { route });
  return api;
}

const casey = aUser({
  firstName: 'Casey',
  lastName: 'Jordan',
  email: 'casey@example.com',
  role: 'tenant',
  createdAt: '2026-01-15T10:00:00.000Z',
});

describe('User details', () => {
  it('shows the user with their role, Member Since date, statistics and owned tenants', async () => {
    const owned = [
      aTenant({ name: 'Casey Studio', ownerId: casey.id, subscriptionCount: 2, status: 'suspended' }),
      aTenant({ name: '', ownerId: casey.id, subscriptionCount: 3 }),
    ];
    const api = open(
      { ...casey, stripeCustomerId: 'cus_123' },
      {
        [`GET ${ownedBy(casey)}`]: () => json(owned),
        [`GET ${summaryOf(casey)}`]: () =>
          json(aTenantSummary({ totalTenants: 2, activeTenants: 1, totalSubscriptions: 5 })),
      },
    );

    const header = (await screen.findByRole('heading', { name: 'Casey Jordan', level: 1 })).closest('header');
    if (!header) throw new Error('no header');
    expect(within(header).getByText('tenant')).toBeInTheDocument();
    const info = cardTitled('User Information');
    expect(info.getByText('casey@example.com')).toBeInTheDocument();
    expect(info.getByText('January 15, 2026')).toBeInTheDocument();

    const stats = cardTitled('User Statistics');
    expect(await stats.findByText('Owned Tenants')).toBeInTheDocument();
    expect(stats.getByText('Owned Tenants').nextElementSibling).toHaveTextContent('2');
    expect(stats.getByText('Total Subscriptions').nextElementSibling).toHaveTextContent('5');
    expect(stats.getByText('Payment Customer ID').nextElementSibling).toHaveTextContent('cus_123');

    const list = within(screen.getByRole('list', { name: 'Owned tenants' }));
    const [first, second] = list.getAllByRole('listitem');
    if (!first || !second) throw new Error('expected two tenants');
    expect(within(first).getByRole('heading', { name: 'Casey Studio' })).toBeInTheDocument();
    expect(within(first).getByText('suspended')).toBeInTheDocument();
    expect(within(first).getByText('2 subscriptions')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View Details of Casey Studio' })).toHaveAttribute(
      'href',
      `/tenant-details/${owned[0]?.id}`,
    );
    const fallback = `Tenant ${owned[1]?.id.slice(0, 8)}`;
    expect(within(second).getByRole('heading', { name: fallback })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.url.startsWith('/api/admin/tenants?'))).toHaveLength(1);
    expect(await screens['user-details']?.()).toBe(UserDetailsPage);
  });

  it("counts the user's tenants and subscriptions from the summary, and reads more tenants with Load more", async () => {
    const user = userEvent.setup();
    const first = aTenant({ name: 'First Co', ownerId: casey.id });
    const second = aTenant({ name: 'Second Co', ownerId: casey.id });
    const next = `${ownedBy(casey)}&cursor=c1`;
    open(casey, {
      [`GET ${ownedBy(casey)}`]: () => pageOf([first], next),
      [`GET ${next}`]: () => pageOf([second]),
      [`GET ${summaryOf(casey)}`]: () => json(aTenantSummary({ totalTenants: 64, totalSubscriptions: 130 })),
    });

    await screen.findByRole('heading', { name: 'Casey Jordan', level: 1 });
    const stats = cardTitled('User Statistics');
    await stats.findByText('64');
    expect(stats.getByText('Owned Tenants').nextElementSibling).toHaveTextContent('64');
    expect(stats.getByText('Total Subscriptions').nextElementSibling).toHaveTextContent('130');
    const list = within(await screen.findByRole('list', { name: 'Owned tenants' }));
    expect(list.getAllByRole('heading', { level: 3 })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await list.findByRole('heading', { name: 'Second Co' })).toBeInTheDocument();
  });

  it('names a user without names by email, says None for a missing customer id, and has no tenants yet', async () => {
    open({ ...casey, firstName: null, lastName: null, role: 'admin' });
    const heading = await screen.findByRole('heading', { name: 'casey@example.com', level: 1 });
    expect(within(heading.closest('header') as HTMLElement).getByText('admin')).toBeInTheDocument();
    expect(await screen.findByText("This user doesn't own any tenants yet.")).toBeInTheDocument();
    const stats = cardTitled('User Statistics');
    expect(stats.getByText('Payment Customer ID').nextElementSibling).toHaveTextContent('None');
    await waitFor(() => expect(stats.getByText('Owned Tenants').nextElementSibling).toHaveTextContent('0'));
  });

  it('shows User Not Found when the user does not exist', async () => {
    stubApi({ 'GET /api/admin/users/missing': () => problem(404, 'User not found') });
    renderScreen(<UserDetailsPage />, '/user-details/missing', { route });
    expect(await screen.findByRole('heading', { name: 'User Not Found', level: 1 })).toBeInTheDocument();
  });

  it("shows the admin read's error for any other failure, and a loading state before", async () => {
    stubApi({ 'GET /api/admin/users/u1': () => json({}, 500) });
    renderScreen(<UserDetailsPage />, '/user-details/u1', { route });
    expect(screen.getByRole('status')).toHaveTextContent('Loading user...');
    expect(await screen.findByRole('alert')).toHaveTextContent('HTTP error! status: 500');
  });
});

describe('User details, editing', () => {
  it('sends email, names and role with PATCH, toasts and shows the saved user', async () => {
    const user = userEvent.setup();
    const path = `/api/admin/users/${casey.id}`;
    let current = casey;
    const api = open(casey, {
      [`GET ${path}`]: () => json(current),
      [`PATCH ${path}`]: () => {
        current = { ...casey, email: 'c.jordan@example.com', lastName: 'Reed', role: 'admin' };
        return json(current);
      },
    });
    await screen.findByRole('heading', { name: 'Casey Jordan', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Edit user information' }));
    const info = cardTitled('User Information');
    expect(info.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    await user.clear(info.getByLabelText('Email Address'));
    await user.type(info.getByLabelText('Email Address'), 'c.jordan@example.com');
    await user.clear(info.getByLabelText('Last Name'));
    await user.type(info.getByLabelText('Last Name'), 'Reed');
    await user.click(info.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(info.getByRole('button', { name: 'Save user information' }));

    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(api.bodiesSentTo('PATCH', path)).toEqual([
      { email: 'c.jordan@example.com', firstName: 'Casey', lastName: 'Reed', role: 'admin' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Casey Reed', level: 1 })).toBeInTheDocument();
    expect(api.callsTo(path, 'GET')).toHaveLength(2);
  });

  it('Cancel restores the original values and sends nothing', async () => {
    const user = userEvent.setup();
    const api = open(casey);
    await screen.findByRole('heading', { name: 'Casey Jordan', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Edit user information' }));
    await user.clear(cardTitled('User Information').getByLabelText('First Name'));
    await user.type(cardTitled('User Information').getByLabelText('First Name'), 'Changed');
    await user.click(screen.getByRole('button', { name: 'Cancel editing user information' }));

    expect(cardTitled('User Information').getByText('Casey')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit user information' }));
    expect(cardTitled('User Information').getByLabelText('First Name')).toHaveValue('Casey');
    expect(cardTitled('User Information').getByRole('combobox', { name: 'Role' })).toHaveTextContent(
      'Tenant',
    );
    expect(api.callsTo(`/api/admin/users/${casey.id}`, 'PATCH')).toHaveLength(0);
  });

  it("shows Failed to update user with the server's message", async () => {
    const user = userEvent.setup();
    open(casey, {
      [`PATCH /api/admin/users/${casey.id}`]: () =>
        problem(409, 'The last active administrator keeps the admin role'),
    });
    await screen.findByRole('heading', { name: 'Casey Jordan', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Edit user information' }));
    await user.click(screen.getByRole('button', { name: 'Save user information' }));
    expect(await screen.findByText('Failed to update user')).toBeInTheDocument();
    expect(screen.getByText('The last active administrator keeps the admin role')).toBeInTheDocument();
  });
});
