// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteName } from '../src/federation/remote-config.js';
import { loadScreen } from '../src/federation/load-screen.js';
import { RemoteScreen } from '../src/federation/remote-screen.js';

type ScreenLoader = () => Promise<ComponentType>;

/** The remotes' `./routes` modules; loads are kept for the page's life, so each test uses screens of its own. */
const routes = vi.hoisted(() => ({
  mfe_customer: { screens: {} as Record<string, ScreenLoader> },
  mfe_admin: { screens: {} as Record<string, ScreenLoader> },
}));
const federation = vi.hoisted(() => ({
  registerConfiguredRemotes: vi.fn((_force?: boolean) => Promise.resolve()),
  loadRemote: vi.fn((id: string) => Promise.resolve(routes[id.split('/')[0] as keyof typeof routes])),
}));
vi.mock('@module-federation/runtime', () => ({ loadRemote: federation.loadRemote }));
vi.mock('../src/federation/remote-config.js', () => ({
  registerConfiguredRemotes: federation.registerConfiguredRemotes,
}));

const screenNamed =
  (name: string): ComponentType =>
  () => <h1>{name}</h1>;

/** Awaited: a render that suspends inside an unawaited act() is never retried (React 19). */
async function renderScreen(remote: RemoteName, name: string) {
  await act(async () => {
    render(<RemoteScreen remote={remote} screen={name} />);
  });
}

/** Awaited for the same reason: the click remounts the screen, which suspends again. */
async function retry() {
  await act(() => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
}

beforeEach(() => {
  federation.registerConfiguredRemotes.mockClear();
  federation.loadRemote.mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe("a remote's screen", () => {
  it("holds the screen's place with skeleton rows until the screen's own code has arrived", async () => {
    let arrive: (screen: ComponentType) => void = () => undefined;
    routes.mfe_customer.screens.settings = () => new Promise((resolve) => (arrive = resolve));
    await renderScreen('mfe_customer', 'settings');

    expect(screen.getByRole('status')).toHaveTextContent('Loading page...');
    await vi.waitFor(() => expect(federation.loadRemote).toHaveBeenCalledWith('mfe_customer/routes'));
    arrive(screenNamed('Settings'));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("loads a screen's code anew on Retry after it failed, without fetching the remote again", async () => {
    const billing = vi
      .fn<ScreenLoader>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(screenNamed('Billing'));
    routes.mfe_customer.screens.billing = billing;
    await renderScreen('mfe_customer', 'billing');

    expect(
      await screen.findByRole('heading', { name: 'This section could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeInTheDocument();
    const loadsOfTheRemote = federation.loadRemote.mock.calls.length;
    await retry();

    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(billing).toHaveBeenCalledTimes(2);
    expect(federation.loadRemote).toHaveBeenCalledTimes(loadsOfTheRemote);
    expect(federation.registerConfiguredRemotes).not.toHaveBeenCalledWith(true);
  });

  it('registers a remote that failed to load again on Retry', async () => {
    routes.mfe_admin.screens['admin-portal'] = () => Promise.resolve(screenNamed('Admin Portal'));
    federation.loadRemote.mockRejectedValueOnce(new Error('remoteEntry.js answered 503'));
    await renderScreen('mfe_admin', 'admin-portal');

    expect(await screen.findByText('remoteEntry.js answered 503')).toBeInTheDocument();
    await retry();

    expect(await screen.findByRole('heading', { name: 'Admin Portal' })).toBeInTheDocument();
    expect(federation.registerConfiguredRemotes.mock.calls).toEqual([[false], [true]]);
  });

  it('says which screen a remote does not have', async () => {
    await renderScreen('mfe_customer', 'reports');

    expect(await screen.findByText('mfe_customer has no reports screen')).toBeInTheDocument();
  });

  it('draws a screen whose code was loaded ahead (at navigation) in its first render, with no skeleton', async () => {
    routes.mfe_customer.screens.analytics = () => Promise.resolve(screenNamed('Analytics'));
    await loadScreen('mfe_customer', 'analytics');
    render(<RemoteScreen remote="mfe_customer" screen="analytics" />);

    expect(screen.getByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
