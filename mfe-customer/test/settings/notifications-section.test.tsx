// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotificationsSection } from '../../src/screens/settings/notifications-section.js';
import { json, never, problem, renderScreen, stubApi, type Responder } from '@app/test-support/web';
import { casey } from './fixtures.js';

const url = '/api/auth/notification-preferences';
const defaults = { email: true, push: false, securityAlerts: true };

function renderNotifications(
  get: Responder = () => json(defaults),
  put: Responder = (call) => json(JSON.parse(call.body!)),
) {
  const api = stubApi({ 'GET /api/auth/user': () => json(casey), [`GET ${url}`]: get, [`PUT ${url}`]: put });
  return { ...api, ...renderScreen(<NotificationsSection />, '/settings') };
}

const toggle = (name: string) => screen.getByRole('switch', { name });

describe('Settings, Notifications', () => {
  it("shows the user's stored switches", async () => {
    renderNotifications(() => json({ email: false, push: true, securityAlerts: true }));
    await waitFor(() => expect(toggle('Push Notifications')).toBeChecked());
    expect(toggle('Email Notifications')).not.toBeChecked();
    expect(toggle('Security Alerts')).toBeChecked();
  });

  it('keeps the switches disabled while they load', async () => {
    renderNotifications(never);
    expect(await screen.findByText('Loading notification preferences...')).toBeInTheDocument();
    for (const name of ['Email Notifications', 'Push Notifications', 'Security Alerts']) {
      expect(toggle(name)).toBeDisabled();
    }
  });

  it('says so when they cannot be loaded, and offers nothing to toggle', async () => {
    renderNotifications(() => problem(500, 'boom'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load notification preferences.');
    expect(toggle('Email Notifications')).toBeDisabled();
  });

  it('saves all three switches on each toggle', async () => {
    const { bodiesSentTo } = renderNotifications();
    await waitFor(() => expect(toggle('Push Notifications')).toBeEnabled());
    await userEvent.click(toggle('Push Notifications'));
    await waitFor(() => expect(bodiesSentTo('PUT', url)).toHaveLength(1));
    await userEvent.click(toggle('Security Alerts'));
    await waitFor(() =>
      expect(bodiesSentTo('PUT', url)).toEqual([
        { email: true, push: true, securityAlerts: true },
        { email: true, push: true, securityAlerts: false },
      ]),
    );
    expect(toggle('Push Notifications')).toBeChecked();
    expect(toggle('Security Alerts')).not.toBeChecked();
  });

  it('moves the switch at once, before the answer', async () => {
    renderNotifications(undefined, never);
    await waitFor(() => expect(toggle('Email Notifications')).toBeEnabled());
    await userEvent.click(toggle('Email Notifications'));
    expect(toggle('Email Notifications')).not.toBeChecked();
  });

  it('moves the switch back and says why when saving fails', async () => {
    renderNotifications(undefined, () => problem(503, 'Identity is unavailable'));
    await waitFor(() => expect(toggle('Email Notifications')).toBeEnabled());
    await userEvent.click(toggle('Email Notifications'));
    expect(await screen.findByText('Failed to update notification preferences')).toBeInTheDocument();
    expect(screen.getByText('Identity is unavailable')).toBeInTheDocument();
    expect(toggle('Email Notifications')).toBeChecked();
  });
});
