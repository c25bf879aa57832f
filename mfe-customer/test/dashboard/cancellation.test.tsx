// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Subscription, SubscriptionTerm } from '@app/contracts';
import { json, problem } from '@app/test-support/web';
import { aSubscription } from '../support/fixtures.js';
import { renderDashboard } from './render.js';

const periodEnd = '2026-12-15T10:00:00.000Z';

function termOf(subscription: Subscription, overrides: Partial<SubscriptionTerm> = {}): SubscriptionTerm {
  return {
    subscriptionId: subscription.id,
    status: subscription.status,
    currentPeriodEnd: periodEnd,
    renewsAt: subscription.cancelAtPeriodEnd ? null : periodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    endsAt: subscription.cancelAtPeriodEnd ? periodEnd : null,
    scheduledPlanChange: null,
    ...overrides,
  };
}

async function openSubscriptions(
  subscription: Subscription,
  more: Parameters<typeof renderDashboard>[0] = {},
) {
  const user = userEvent.setup();
  const api = renderDashboard({
    subscriptions: () => json([subscription]),
    terms: () => json([termOf(subscription)]),
    ...more,
  });
  await user.click(screen.getByRole('tab', { name: 'Subscriptions' }));
  const row = within(await screen.findByRole('list', { name: 'Subscriptions' })).getByRole('listitem');
  return { user, api, row: within(row) };
}

describe('Cancelling a subscription from the dashboard (issue 19)', () => {
  it('confirms with the date service ends, cancels, and says so', async () => {
    const subscription = aSubscription({ productName: 'Bank Connect' });
    // The list as the server keeps it: the refreshed row shows the cancellation, and the toast still comes.
    let current = subscription;
    const { user, api, row } = await openSubscriptions(subscription, {
      subscriptions: () => json([current]),
      more: {
        [`POST /api/subscriptions/${subscription.id}/cancel`]: () => {
          current = { ...subscription, cancelAtPeriodEnd: true };
          return json(current);
        },
      },
    });
    await user.click(await row.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByRole('heading', { name: 'Cancel Bank Connect?' })).toBeInTheDocument();
    expect(
      dialog.getByText(/stays active until it ends on Dec 15, 2026\. It will not renew/),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();
    expect(api.callsTo(`/api/subscriptions/${subscription.id}/cancel`, 'POST')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await row.findByText('Ends on Dec 15, 2026')).toBeInTheDocument();
  });

  it('keeps the subscription when the customer changes their mind', async () => {
    const subscription = aSubscription();
    const { user, api, row } = await openSubscriptions(subscription);
    await user.click(await row.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep subscription' }),
    );
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('tells a trial that nothing will be charged', async () => {
    const { user, row } = await openSubscriptions(aSubscription({ status: 'trial' }));
    await user.click(await row.findByRole('button', { name: 'Cancel subscription' }));
    expect(
      within(await screen.findByRole('alertdialog')).getByText(
        /trial continues until it ends on Dec 15, 2026\. Nothing will be charged/,
      ),
    ).toBeInTheDocument();
  });

  it('says the end of the period in words while billing has not answered', async () => {
    const subscription = aSubscription();
    const { user, row } = await openSubscriptions(subscription, { terms: () => json([]) });
    await user.click(await row.findByRole('button', { name: 'Cancel subscription' }));
    expect(
      within(await screen.findByRole('alertdialog')).getByText(
        /until it ends at the end of the current billing period/,
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's reason when the cancellation is refused", async () => {
    const subscription = aSubscription();
    const { user, row } = await openSubscriptions(subscription, {
      more: {
        [`POST /api/subscriptions/${subscription.id}/cancel`]: () =>
          problem(409, 'A suspended subscription cannot be set to cancel at the end of its period'),
      },
    });
    await user.click(await row.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel subscription' }),
    );
    expect(await screen.findByText('Could not cancel the subscription')).toBeInTheDocument();
    expect(screen.getAllByText(/cannot be set to cancel/)[0]).toBeInTheDocument();
  });

  it('shows when a pending cancellation ends service, and resumes it', async () => {
    const subscription = aSubscription({ cancelAtPeriodEnd: true });
    let current = subscription;
    const { user, api, row } = await openSubscriptions(subscription, {
      subscriptions: () => json([current]),
      more: {
        [`POST /api/subscriptions/${subscription.id}/resume`]: () => {
          current = { ...subscription, cancelAtPeriodEnd: false };
          return json(current);
        },
      },
    });
    expect(await row.findByText('Ends on Dec 15, 2026')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Subscription resumed')).toBeInTheDocument();
    expect(api.callsTo(`/api/subscriptions/${subscription.id}/resume`, 'POST')).toHaveLength(1);
    expect(await row.findByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
  });

  it.each(['suspended', 'cancelled'] as const)('offers nothing for a %s subscription', async (status) => {
    const { row } = await openSubscriptions(aSubscription({ status }));
    expect(await row.findByText(status)).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  });
});
