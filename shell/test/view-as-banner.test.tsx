// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { minutesAndSeconds } from '../src/layout/use-time-left.js';
import { ViewAsBanner } from '../src/layout/view-as-banner.js';
import { casey, renderAt } from './render.js';

const viewAs = (inMs: number) => ({
  sessionId: '0196f2a0-0000-4000-8000-0000000000a1',
  expiresAt: new Date(Date.now() + inMs).toISOString(),
});

/** The page's navigations: the banner reloads the app to leave the customer's screens. */
function watchNavigations() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  return assign;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the view-as banner (issue 21)', () => {
  it('says whose view it is, that it is read-only, and how long is left', () => {
    watchNavigations();
    renderAt('/dashboard', <ViewAsBanner user={casey} viewAs={viewAs(10 * 60_000)} />);
    const banner = screen.getByRole('region', { name: 'View as customer' });
    expect(banner).toHaveTextContent(
      /Viewing as Casey Customer \(casey@demo\.local\): read-only, nothing can be changed\. Ends in (10:00|9:59)\./,
    );
    expect(within(banner).getByRole('button', { name: 'Leave' })).toBeEnabled();
  });

  it('leaves the view on the server, then reloads as the admin on the customer’s details', async () => {
    const assign = watchNavigations();
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/settings', <ViewAsBanner user={casey} viewAs={viewAs(10 * 60_000)} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/user-details/${casey.id}`));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/view-as',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('goes back to the admin’s own screens once the time is up', async () => {
    const assign = watchNavigations();
    renderAt('/dashboard', <ViewAsBanner user={casey} viewAs={viewAs(-1)} />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/user-details/${casey.id}`));
    expect(screen.getByRole('region', { name: 'View as customer' })).toHaveTextContent('Ends in 0:00.');
  });

  it('counts down in minutes and seconds, rounding up', () => {
    expect(minutesAndSeconds(30 * 60_000)).toBe('30:00');
    expect(minutesAndSeconds(29 * 60_000 + 5_001)).toBe('29:06');
    expect(minutesAndSeconds(999)).toBe('0:01');
    expect(minutesAndSeconds(0)).toBe('0:00');
  });
});
