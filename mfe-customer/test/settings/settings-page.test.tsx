// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SettingsPage } from '../../src/screens/settings/settings-page.js';
import { json, renderScreen, stubApi } from '@app/test-support/web';
import { casey } from './fixtures.js';

describe('Settings (SPEC.md §2 "Settings")', () => {
  it('opens on Profile and reaches Notifications, Security and API & Webhooks from the menu', async () => {
    stubApi({
      'GET /api/auth/user': () => json(casey),
      'GET /api/auth/notification-preferences': () =>
        json({ email: true, push: false, securityAlerts: true }),
      'GET /api/tenant-webhooks/tenants': () => json({ tenants: [] }),
    });
    renderScreen(<SettingsPage />, '/settings');
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(await screen.findByLabelText('First name')).toHaveValue('Casey');

    await userEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(await screen.findByRole('switch', { name: 'Email Notifications' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Security' }));
    expect(await screen.findByRole('button', { name: 'Update Password' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Danger Zone' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'API & Webhooks' }));
    expect(await screen.findByText('You do not own a tenant yet.', { exact: false })).toBeInTheDocument();
  });
});
