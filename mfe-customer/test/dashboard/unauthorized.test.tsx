// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen } from '@testing-library/react';
import { dismissToast } from '@app/ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@app/test-support/web';
import { unauthorized } from '../support/fixtures.js';
import { card, renderDashboard } from './render.js';

/** The page leaves with location.assign; recorded here instead of leaving the test page. */
function recordNavigations() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
}

/** A read that answers only when the test says so. */
function deferred() {
  let answer: (response: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { respond: () => response, answer };
}

/** Lets fetch answers, React Query's notifications and React's renders through, without moving the clock. */
async function settle(until: () => boolean) {
  for (let round = 0; round < 50 && !until(); round += 1) await vi.advanceTimersByTimeAsync(0);
}

describe('Customer dashboard when the customer is logged out (SPEC.md §6)', () => {
  // The page's toast store is global: an earlier test's toast must not answer for this one.
  beforeEach(() => dismissToast());

  it('says Unauthorized when a read answers 401, and signs in again exactly 500 ms later', async () => {
    const assign = recordNavigations();
    const invoices = deferred();
    renderDashboard({ invoices: invoices.respond });
    expect(await card('Active Subscriptions').findByText('0')).toBeInTheDocument();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    invoices.answer(unauthorized());
    await settle(() => screen.queryByText('Unauthorized') !== null);

    expect(screen.getByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(499);
    expect(assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/api/login');
    expect(card('Total Spending').queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does the same when the current user turns out to be signed out', async () => {
    const assign = recordNavigations();
    const user = deferred();
    renderDashboard({ user: user.respond });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    user.answer(unauthorized());
    await settle(() => screen.queryByText('Unauthorized') !== null);

    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(500);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/api/login');
  });

  it('stays put when every read answers', async () => {
    const assign = recordNavigations();
    renderDashboard({ usage: () => json([]) });
    expect(await card('Usage This Month').findByText('0')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(assign).not.toHaveBeenCalled();
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
  });
});
