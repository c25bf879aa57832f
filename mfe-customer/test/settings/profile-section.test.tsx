// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfileSection } from '../../src/screens/settings/profile-section.js';
import { json, never, problem, renderScreen, stubApi, type Responder } from '@app/test-support/web';
import { casey } from './fixtures.js';

function renderProfile(patch: Responder = () => json(casey)) {
  const api = stubApi({ 'GET /api/auth/user': () => json(casey), 'PATCH /api/auth/user': patch });
  return { ...api, ...renderScreen(<ProfileSection />, '/settings') };
}

const save = () => screen.getByRole('button', { name: 'Save Changes' });

describe('Settings, Profile', () => {
  it('is filled from the signed-in user, with Save Changes disabled until something changes', async () => {
    renderProfile();
    expect(await screen.findByLabelText('First name')).toHaveValue('Casey');
    expect(screen.getByLabelText('Last name')).toHaveValue('Customer');
    expect(screen.getByLabelText('Email')).toHaveValue('casey@example.test');
    expect(save()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('First name'), ' ');
    expect(save()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('First name'), 'y');
    expect(save()).toBeEnabled();
  });

  it('sends only the changed fields, trimmed, and confirms with a toast', async () => {
    const updated = { ...casey, firstName: 'Cass', lastName: null };
    const { bodiesSentTo } = renderProfile(() => json(updated));
    await userEvent.clear(await screen.findByLabelText('First name'));
    await userEvent.type(screen.getByLabelText('First name'), '  Cass ');
    await userEvent.clear(screen.getByLabelText('Last name'));
    await userEvent.click(save());
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(screen.getByText('Your changes have been saved.')).toBeInTheDocument();
    expect(bodiesSentTo('PATCH', '/api/auth/user')).toEqual([{ firstName: 'Cass', lastName: '' }]);
    expect(screen.getByLabelText('First name')).toHaveValue('Cass');
    expect(save()).toBeDisabled();
  });

  it('shows Saving... and stays disabled while the call is under way', async () => {
    renderProfile(never);
    await userEvent.type(await screen.findByLabelText('Last name'), 's');
    await userEvent.click(save());
    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
  });

  it("puts a 400's field messages beside the fields and the server's message in a toast", async () => {
    const { bodiesSentTo } = renderProfile(() =>
      problem(400, 'Enter a valid email address', [
        { path: 'email', message: 'Enter a valid email address' },
      ]),
    );
    const email = await screen.findByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(save());
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(bodiesSentTo('PATCH', '/api/auth/user')).toEqual([{ email: 'not-an-email' }]);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    const describedBy = email.getAttribute('aria-describedby');
    expect(document.getElementById(describedBy!)).toHaveTextContent('Enter a valid email address');
  });

  it("shows a conflict's message in a destructive toast", async () => {
    renderProfile(() => problem(409, 'An account with this email already exists'));
    const email = await screen.findByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.test');
    await userEvent.click(save());
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByText('Failed to update profile')).toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
  });
});
