// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderScreen, stubApi } from '@app/test-support/web';
import { BillingPage } from '../../src/screens/billing/billing-page.js';
import { aProduct, aSubscription, casey } from '../support/fixtures.js';

describe('Billing & Invoices, Active Subscriptions (issue 19)', () => {
  it('offers Change plan beside Cancel subscription, and shows a scheduled downgrade', async () => {
    const subscription = aSubscription({ productName: 'Bank Connect' });
    stubApi({
      'GET /api/auth/user': () => json(casey),
      'GET /api/subscriptions?limit=200': () => json([subscription]),
      'GET /api/invoices?limit=200': () => json([]),
      'GET /api/billing/subscriptions?*': () =>
        json([
          {
            subscriptionId: subscription.id,
            status: 'active',
            currentPeriodEnd: '2026-12-15T10:00:00.000Z',
            renewsAt: '2026-12-15T10:00:00.000Z',
            cancelAtPeriodEnd: false,
            endsAt: null,
            scheduledPlanChange: { plan: 'basic', amount: 9, effectiveAt: '2026-12-15T10:00:00.000Z' },
          },
        ]),
      [`GET /api/products/${subscription.productId}`]: () => json(aProduct({ id: subscription.productId })),
    });
    renderScreen(<BillingPage />, '/billing');
    const row = within(
      within(await screen.findByRole('list', { name: 'Active subscriptions' })).getByRole('listitem'),
    );
    expect(await row.findByRole('button', { name: 'Change plan' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(row.getByText('Changes to Basic on Dec 15, 2026')).toBeInTheDocument();
  });
});
