// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SecuritySection } from '../../src/screens/settings/security-section.js';
import { problem, renderScreen, stubApi, type Responder } from '@app/test-support/web';

const url = '/api/auth/password';

function renderSecurity(post: Responder = () => new Response(null, { status: 204 })) {
  const api = stubApi({ [`POST ${url}`]: post });
  return { ...api, ...renderScreen(<SecuritySection />, '/settings') };
}

async function fill(current: string, next: string, confirm: string) {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New password'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
}

function messageOf(label: string): string | null {
  const input = screen.getByLabelText(label);
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('Settings, Security: changing the password', () => {
  it('sends the current and the new password, then clears the form and confirms', async () => {
    const { bodiesSentTo } = renderSecurity();
    await fill('old secret phrase', 'a much longer secret', 'a much longer secret');
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(bodiesSentTo('POST', url)).toEqual([
      { currentPassword: 'old secret phrase', newPassword: 'a much longer secret' },
    ]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm password')).toHaveValue('');
  });

  it('requires all three fields before sending anything', async () => {
    const { calls } = renderSecurity();
    await fill('', '', '');
    expect(messageOf('Current password')).toBe('Enter your current password.');
    expect(messageOf('New password')).toBe('Enter a new password.');
    expect(messageOf('Confirm password')).toBe('Confirm your new password.');
    expect(calls).toEqual([]);
  });

  it("refuses a new password shorter than identity's minimum", async () => {
    const { calls } = renderSecurity();
    await fill('old secret phrase', 'short', 'short');
    expect(messageOf('New password')).toBe('Password must be at least 12 characters.');
    expect(calls).toEqual([]);
  });

  it('refuses a new password equal to the current one', async () => {
    const { calls } = renderSecurity();
    await fill('same long secret', 'same long secret', 'same long secret');
    expect(messageOf('New password')).toBe('Choose a new password that is different from your current one.');
    expect(calls).toEqual([]);
  });

  it('refuses a confirmation that does not match', async () => {
    const { calls } = renderSecurity();
    await fill('old secret phrase', 'a much longer secret', 'a much longer secreT');
    expect(messageOf('Confirm password')).toBe('The passwords do not match.');
    expect(messageOf('New password')).toBeNull();
    expect(calls).toEqual([]);
  });

  it("shows a wrong current password beside its field and the server's message in a toast", async () => {
    renderSecurity(() =>
      problem(400, 'Your current password is incorrect.', [
        { path: 'currentPassword', message: 'Your current password is incorrect.' },
      ]),
    );
    await fill('wrong guess', 'a much longer secret', 'a much longer secret');
    expect(await screen.findByText('Failed to update password')).toBeInTheDocument();
    expect(messageOf('Current password')).toBe('Your current password is incorrect.');
    expect(screen.getAllByText('Your current password is incorrect.')).toHaveLength(2);
    expect(screen.getByLabelText('New password')).toHaveValue('a much longer secret');
  });

  it('shows a rate limit in a destructive toast', async () => {
    renderSecurity(() => problem(429, 'Too many attempts. Try again in 60 s.'));
    await fill('old secret phrase', 'a much longer secret', 'a much longer secret');
    expect(await screen.findByText('Too many attempts. Try again in 60 s.')).toBeInTheDocument();
  });
});

describe('Settings, Security: what is not offered yet', () => {
  it('shows Enable 2FA and Delete Account disabled, saying they are not available', async () => {
    const { calls } = renderSecurity();
    for (const name of ['Enable 2FA', 'Delete Account']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Not available yet');
      await userEvent.click(button);
    }
    expect(screen.getAllByText('Not available yet')).toHaveLength(2);
    expect(calls).toEqual([]);
  });
});
