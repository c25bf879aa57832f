// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen } from '@testing-library/react';
import { Route, Routes } from '@app/routing';
import { describe, expect, it, vi } from 'vitest';
import { RequireAdmin, RequireSignedIn } from '../src/auth/guards.js';
import { loginUrl } from '../src/auth/login-url.js';
import { avery, casey, renderAt, stubCurrentUser } from './render.js';

function renderGuarded(path: string) {
  return renderAt(
    path,
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
    </Routes>,
  );
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

  it('send a customer on an admin route to sign in, never showing the screen', async () => {
    stubCurrentUser(casey);
    const assign = recordNavigations();
    renderGuarded('/admin-portal');
    expect(await screen.findByText('Redirecting to login...')).toBeInTheDocument();
    expect(screen.queryByText('Admin screen')).not.toBeInTheDocument();
    expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fadmin-portal');
  });

  it('let an admin through to an admin route', async () => {
    stubCurrentUser(avery);
    const assign = recordNavigations();
    renderGuarded('/admin-portal');
    expect(await screen.findByRole('heading', { name: 'Admin screen' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});
