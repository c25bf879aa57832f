// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen } from '@testing-library/react';
import { Route, Routes } from '@app/routing';
import { dismissToast, Toaster } from '@app/ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAdmin, RequireSignedIn } from '../src/auth/guards.js';
import { loginUrl } from '../src/auth/login-url.js';
import { avery, casey, renderAt, stubCurrentUser } from './render.js';

function renderGuarded(path: string) {
  return renderAt(
    path,
    <>
      <Routes>
        <Route
          path="/dashboard"
          element={
            <RequireSignedIn>
              <h1>Dashboard screen</h1>
            </RequireSignedIn>
          }
        />
        <Route
          path="/admin-portal"
          element={
            <RequireAdmin>
              <h1>Admin screen</h1>
            </RequireAdmin>
          }
        />
      </Routes>
      <Toaster />
    </>,
  );
}

/**
 * Lets the current-user read answer and React render, without moving the faked clock: up to `budgetMs` of real time
 * (Date is not faked), since on a loaded machine that takes more turns of the event loop than on an idle one.
 */
async function settle(until: () => boolean, budgetMs = 5_000) {
  const deadline = Date.now() + budgetMs;
  while (!until() && Date.now() < deadline) {
    await vi.advanceTimersByTimeAsync(0);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The guards navigate away with location.assign; recorded here instead of leaving the test page. */
function recordNavigations() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
}

describe('loginUrl', () => {
  it('is the sign-in page, asked to come back where the visitor was going', () => {
    expect(loginUrl()).toBe('/api/login');
    expect(loginUrl('/')).toBe('/api/login');
    expect(loginUrl('/tenant-monitoring/t1?subscription=s1')).toBe(
      '/api/login?returnTo=%2Ftenant-monitoring%2Ft1%3Fsubscription%3Ds1',
    );
  });
});

describe('the route guards (SPEC.md §2)', () => {
  // The page's toast store is global: an earlier test's toast must not answer for this one.
  beforeEach(() => dismissToast());

  it('show a spinner, and nothing of the screen, while the current user loads', () => {
    stubCurrentUser('pending');
    const assign = recordNavigations();
    renderGuarded('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('Dashboard screen')).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('send a visitor on a protected route to sign in, with the way back', async () => {
    stubCurrentUser(null);
    const assign = recordNavigations();
    renderGuarded('/dashboard?tab=billing');
    expect(await screen.findByText('Redirecting to login...')).toBeInTheDocument();
    expect(screen.queryByText('Dashboard screen')).not.toBeInTheDocument();
    expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fdashboard%3Ftab%3Dbilling');
  });

  it('let a signed-in customer through to a protected route', async () => {
    stubCurrentUser(casey);
    const assign = recordNavigations();
    renderGuarded('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('send a visitor on an admin route to sign in', async () => {
    stubCurrentUser(null);
    const assign = recordNavigations();
    renderGuarded('/admin-portal');
    expect(await screen.findByText('Redirecting to login...')).toBeInTheDocument();
    expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fadmin-portal');
  });

  it('tell a signed-in customer on an admin route that it is for admins, and take them to their dashboard 500 ms later (SPEC.md §6)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stubCurrentUser(casey);
    const assign = recordNavigations();
    renderGuarded('/admin-portal');
    await settle(() => screen.queryByText('Unauthorized') !== null);

    expect(screen.getByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('Admin access required. Redirecting...')).toBeInTheDocument();
    expect(screen.queryByText('Admin screen')).not.toBeInTheDocument();
    expect(screen.queryByText('Redirecting to login...')).not.toBeInTheDocument();
    const dashboard = () => screen.queryByRole('heading', { name: 'Dashboard screen' });
    await vi.advanceTimersByTimeAsync(499);
    // Long enough for a redirect made too early to show, short enough not to hold up every run.
    await settle(() => dashboard() !== null, 300);
    expect(dashboard()).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1);
    await settle(() => dashboard() !== null);
    expect(dashboard()).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('let an admin through to an admin route', async () => {
    stubCurrentUser(avery);
    const assign = recordNavigations();
    renderGuarded('/admin-portal');
    expect(await screen.findByRole('heading', { name: 'Admin screen' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});
