// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminPortalPage } from '../../src/screens/admin-portal/admin-portal-page.js';
import { json, problem, renderScreen } from '@app/test-support/web';
import { aUser } from '../support/fixtures.js';
import { stubPortal } from './portal-api.js';

const setupLink = { url: '/api/login/setup?token=abc123', expiresAt: '2026-01-18T10:00:00.000Z' };

async function openAddUser(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add User' }));
  return within(await screen.findByRole('dialog', { name: 'Add New User' }));
}

describe('Admin Portal, Users tab', () => {
  it('lists users by name or email, with their role and a link to their details', async () => {
    const admin = aUser({ firstName: 'Riley', lastName: 'Stone', email: 'riley@example.com', role: 'admin' });
    const nameless = aUser({ firstName: null, lastName: null, email: 'sam@example.com' });
    stubPortal({ users: [admin, nameless] });
    renderScreen(<AdminPortalPage />, '/admin-portal');

    const list = within(await screen.findByRole('list', { name: 'Users' }));
    const [first, second] = list.getAllByRole('listitem');
    if (!first || !second) throw new Error('expected two users');
    expect(within(first).getByRole('heading', { name: 'Riley Stone' })).toBeInTheDocument();
    expect(within(first).getByText('riley@example.com')).toBeInTheDocument();
    expect(within(first).getByText('admin')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View Details of Riley Stone' })).toHaveAttribute(
      'href',
      `/user-details/${admin.id}`,
    );
    expect(within(second).getByRole('heading', { name: 'sam@example.com' })).toBeInTheDocument();
    expect(within(second).getByText('tenant')).toBeInTheDocument();
  });

  it('creates a user, shows the one-time setup link with a working Copy button, and refreshes the list', async () => {
    const user = userEvent.setup();
    const created = aUser({ email: 'new@example.com', firstName: 'Nova', lastName: 'Reed', role: 'admin' });
    let listed = [aUser()];
    const api = stubPortal(
      {},
      {
        'GET /api/admin/users': () => json(listed),
        'POST /api/admin/users': () => {
          listed = [...listed, created];
          return json({ ...created, passwordSetup: setupLink }, 201);
        },
      },
    );
    renderScreen(<AdminPortalPage />, '/admin-portal');
    await screen.findByRole('list', { name: 'Users' });

    const dialog = await openAddUser(user);
    await user.type(dialog.getByLabelText('Email'), 'new@example.com');
    await user.type(dialog.getByLabelText('First Name'), 'Nova');
    await user.type(dialog.getByLabelText('Last Name'), 'Reed');
    await user.click(dialog.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(dialog.getByRole('button', { name: 'Create User' }));

    const done = within(await screen.findByRole('dialog', { name: 'User Created' }));
    expect(api.bodiesSentTo('POST', '/api/admin/users')).toEqual([
      { email: 'new@example.com', firstName: 'Nova', lastName: 'Reed', role: 'admin' },
    ]);
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    const expectedUrl = `${window.location.origin}/api/login/setup?token=abc123`;
    expect(done.getByLabelText('Password setup link')).toHaveValue(expectedUrl);

    await user.click(done.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(expectedUrl);
    expect(done.getByRole('status')).toHaveTextContent('Link copied to the clipboard.');

    expect(api.callsTo('/api/admin/users', 'GET')).toHaveLength(2);
    await user.click(done.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Users' })).getByRole('heading', { name: 'Nova Reed' }),
    ).toBeInTheDocument();
  });

  it('keeps the one-time setup link on a click outside the dialog, which closes the form before that', async () => {
    // A modal dialog makes the page behind it ignore the pointer; a click there must still reach the document.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const created = aUser({ email: 'kept@example.com' });
    stubPortal({}, { 'POST /api/admin/users': () => json({ ...created, passwordSetup: setupLink }, 201) });
    renderScreen(<AdminPortalPage />, '/admin-portal');

    await openAddUser(user);
    await user.click(document.body);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const dialog = await openAddUser(user);
    await user.type(dialog.getByLabelText('Email'), 'kept@example.com');
    await user.click(dialog.getByRole('button', { name: 'Create User' }));
    const done = await screen.findByRole('dialog', { name: 'User Created' });
    await user.click(document.body);
    expect(screen.getByRole('dialog', { name: 'User Created' })).toBe(done);
    expect(within(done).getByLabelText('Password setup link')).toHaveValue(
      `${window.location.origin}/api/login/setup?token=abc123`,
    );
  });

  it('sends role user and empty names by default, and sends nothing without an email', async () => {
    const user = userEvent.setup();
    const created = aUser({ email: 'plain@example.com', firstName: null, lastName: null });
    const api = stubPortal(
      {},
      { 'POST /api/admin/users': () => json({ ...created, passwordSetup: setupLink }, 201) },
    );
    renderScreen(<AdminPortalPage />, '/admin-portal');

    const dialog = await openAddUser(user);
    expect(dialog.getByLabelText('Email')).toBeRequired();
    await user.click(dialog.getByRole('button', { name: 'Create User' }));
    expect(api.callsTo('/api/admin/users', 'POST')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Email'), 'plain@example.com');
    await user.click(dialog.getByRole('button', { name: 'Create User' }));
    await screen.findByRole('dialog', { name: 'User Created' });
    expect(api.bodiesSentTo('POST', '/api/admin/users')).toEqual([
      { email: 'plain@example.com', firstName: '', lastName: '', role: 'user' },
    ]);
  });

  it("shows Error creating user with the server's message and keeps the form", async () => {
    const user = userEvent.setup();
    stubPortal({}, { 'POST /api/admin/users': () => problem(409, 'A user with this email already exists') });
    renderScreen(<AdminPortalPage />, '/admin-portal');

    const dialog = await openAddUser(user);
    await user.type(dialog.getByLabelText('Email'), 'taken@example.com');
    await user.click(dialog.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('Error creating user')).toBeInTheDocument();
    expect(screen.getByText('A user with this email already exists')).toBeInTheDocument();
    expect(dialog.getByLabelText('Email')).toHaveValue('taken@example.com');
  });
});
