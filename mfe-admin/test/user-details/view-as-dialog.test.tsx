// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@app/contracts';
import { UserDetailsPage } from '../../src/screens/user-details/user-details-page.js';
import { json, problem, renderScreen, stubApi, type Routes } from '@app/test-support/web';
import { aTenantSummary, aUser } from '../support/fixtures.js';

function open(person: User, routes: Routes = {}) {
  const api = stubApi({
    [`GET /api/admin/users/${person.id}`]: () => json(person),
    [`GET /api/admin/tenants?ownerId=${person.id}`]: () => json([]),
    [`GET /api/admin/tenants/summary?ownerId=${person.id}`]: () =>
      json(aTenantSummary({ totalTenants: 0, activeTenants: 0, totalSubscriptions: 0 })),
    ...routes,
  });
  renderScreen(<UserDetailsPage />, `/user-details/${person.id}`, { route: '/user-details/:id' });
  return api;
}

function watchNavigations() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  return assign;
}

afterEach(() => vi.restoreAllMocks());

const casey = aUser({ firstName: 'Casey', lastName: 'Jordan', role: 'tenant' });
const started = {
  id: '0196f2a0-0000-4000-8000-0000000000a1',
  customerId: casey.id,
  reason: 'Ticket 4411',
  startedAt: '2026-11-21T10:00:00.000Z',
  expiresAt: '2026-11-21T10:30:00.000Z',
};

describe('View as customer on user details (issue 21)', () => {
  it('needs a reason, sends it, and reloads into the customer’s dashboard', async () => {
    const assign = watchNavigations();
    const api = open(casey, { [`POST /api/admin/users/${casey.id}/view-as`]: () => json(started, 201) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View as customer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'View as customer' }));

    await user.click(dialog.getByRole('button', { name: 'View as customer' }));
    expect(dialog.getByText('Enter a reason for viewing this account.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`/api/admin/users/${casey.id}/view-as`, 'POST')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Reason'), 'Ticket 4411');
    await user.click(dialog.getByRole('button', { name: 'View as customer' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    const [call] = api.callsTo(`/api/admin/users/${casey.id}/view-as`, 'POST');
    expect(JSON.parse(call?.body ?? '')).toEqual({ reason: 'Ticket 4411' });
  });

  it('shows the server’s refusal and stays put', async () => {
    const assign = watchNavigations();
    open(casey, {
      [`POST /api/admin/users/${casey.id}/view-as`]: () => problem(409, 'This account is deactivated'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View as customer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'View as customer' }));
    await user.type(dialog.getByLabelText('Reason'), 'Ticket 4411');
    await user.click(dialog.getByRole('button', { name: 'View as customer' }));
    expect(await screen.findByText('Could not view as this customer')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('is offered for customers only', async () => {
    open(aUser({ firstName: 'Avery', lastName: 'Admin', role: 'admin' }));
    await screen.findByRole('heading', { name: 'Avery Admin', level: 1 });
    expect(screen.queryByRole('button', { name: 'View as customer' })).not.toBeInTheDocument();
  });
});
