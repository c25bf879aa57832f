// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@app/test-support/web';
import { aSubscription, aTenant } from '../support/fixtures.js';
import { renderTenantDetails, stubTenantDetails } from '../support/tenant-details.js';

const rowOf = async (name: string) =>
  within((await screen.findByRole('heading', { name, level: 3 })).closest('li') as HTMLElement);
const product = { name: 'Bank Connect', basePrice: 49, color: '#10B981' };

describe('Tenant details, cancelling a subscription (issue 19)', () => {
  it('shows a pending cancellation with its date, and resumes it', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const subscription = aSubscription(tenant, { product, cancelAtPeriodEnd: true });
    const api = stubTenantDetails(
      tenant,
      {
        subscriptions: [subscription],
        terms: [
          {
            subscriptionId: subscription.id,
            status: 'active',
            currentPeriodEnd: '2026-12-15T10:00:00.000Z',
            renewsAt: null,
            cancelAtPeriodEnd: true,
            endsAt: '2026-12-15T10:00:00.000Z',
            scheduledPlanChange: null,
          },
        ],
      },
      {
        [`POST /api/admin/subscriptions/${subscription.id}/resume`]: () =>
          json({ ...subscription, cancelAtPeriodEnd: false }),
      },
    );
    renderTenantDetails(tenant.id);
    const row = await rowOf('Bank Connect');
    expect(await row.findByText('Cancels at period end, Dec 15, 2026')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Resume Bank Connect' }));
    expect(await screen.findByText('Subscription resumed')).toBeInTheDocument();
    expect(api.callsTo(`/api/admin/subscriptions/${subscription.id}/resume`, 'POST')).toHaveLength(1);
  });

  it('cancels now only with a reason, which it sends', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const subscription = aSubscription(tenant, { product });
    const path = `/api/admin/subscriptions/${subscription.id}/cancel`;
    const api = stubTenantDetails(
      tenant,
      { subscriptions: [subscription] },
      { [`POST ${path}`]: () => json({ ...subscription, status: 'cancelled' }) },
    );
    renderTenantDetails(tenant.id);
    const row = await rowOf('Bank Connect');
    expect(row.queryByText(/Cancels at period end/)).not.toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Cancel now: Bank Connect' }));
    const dialog = within(await screen.findByRole('dialog'));
    const confirm = dialog.getByRole('button', { name: 'Cancel now' });
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByLabelText('Reason'), 'Asked by phone');
    await user.click(confirm);
    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();
    expect(api.bodiesSentTo('POST', path)).toEqual([{ when: 'now', reason: 'Asked by phone' }]);
  });

  it('offers nothing for a cancelled subscription', async () => {
    const tenant = aTenant();
    stubTenantDetails(tenant, { subscriptions: [aSubscription(tenant, { product, status: 'cancelled' })] });
    renderTenantDetails(tenant.id);
    const row = await rowOf('Bank Connect');
    expect(row.queryByRole('button', { name: 'Cancel now: Bank Connect' })).not.toBeInTheDocument();
  });
});
