// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@app/test-support/web';
import { renderAnalytics } from './render.js';

const unauthorized = () => new Response(null, { status: 401, statusText: 'Unauthorized' });

/** The page leaves with location.assign; recorded here instead of leaving the test page. */
function recordNavigations() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
}

describe('Analytics when the customer is logged out (SPEC.md §6, as on the dashboard)', () => {
  it('says Unauthorized and signs in again 500 ms after a read answers 401', async () => {
    const assign = recordNavigations();
    const openedAt = performance.now();
    renderAnalytics({ usage: unauthorized, invoices: () => json([]), subscriptions: () => json([]) });

    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
    expect(performance.now() - openedAt).toBeGreaterThanOrEqual(500);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does the same when the current user is signed out', async () => {
    const assign = recordNavigations();
    renderAnalytics({ more: { '/api/auth/user': unauthorized } });
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
  });
});
