// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Subscription, SubscriptionTerm, Tenant } from '@app/contracts';
import {
  aPlanChangePreview,
  aPlanChangeReply,
  aSubscriptionTerm,
  json,
  planChangePeriodEnd,
  planChangeQuotedAt,
  problem,
  type Routes,
} from '@app/test-support/web';
import { aProduct, aSubscription, aTenant } from '../support/fixtures.js';
import { renderTenantDetails, stubTenantDetails } from '../support/tenant-details.js';

const product = { name: 'Bank Connect', basePrice: 49, color: '#10B981' };

const rowOf = async (name: string) =>
  within((await screen.findByRole('heading', { name, level: 3 })).closest('li') as HTMLElement);

/** Tenant details with one Bank Connect subscription on professional, its product offering `prices`. */
function renderWith(
  tenant: Tenant,
  subscription: Subscription,
  {
    prices = { basicPrice: 9, enterprisePrice: 99 },
    term = aSubscriptionTerm(subscription),
    routes = {},
  }: {
    prices?: { basicPrice: number | null; enterprisePrice: number | null };
    term?: SubscriptionTerm;
    routes?: Routes;
  } = {},
) {
  const catalogProduct = aProduct({ id: subscription.productId, ...prices });
  const api = stubTenantDetails(
    tenant,
    { subscriptions: [subscription], terms: [term] },
    { [`GET /api/products/${subscription.productId}`]: () => json(catalogProduct), ...routes },
  );
  renderTenantDetails(tenant.id);
  return api;
}

const planPath = (subscription: Subscription) => `/api/admin/billing/subscriptions/${subscription.id}/plan`;

describe('Tenant details, changing plan (issue 19)', () => {
  it('quotes an upgrade through the admin routes and sends the quote it showed', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const subscription = aSubscription(tenant, { product, amount: 49 });
    const api = renderWith(tenant, subscription, {
      routes: {
        [`GET ${planPath(subscription)}?plan=enterprise`]: () => json(aPlanChangePreview(subscription, {})),
        [`POST ${planPath(subscription)}`]: () => json(aPlanChangeReply(subscription)),
      },
    });
    const row = await rowOf('Bank Connect');
    await user.click(await row.findByRole('button', { name: 'Change plan: Bank Connect' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('radio', { name: /Professional/ })).toBeDisabled();
    await user.click(dialog.getByRole('radio', { name: /Enterprise/ }));
    expect(
      await dialog.findByText(
        "The tenant's card is charged $23.45 now for the rest of this period (until Dec 15, 2026), then $99.00/month.",
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Upgrade to Enterprise' }));
    expect(await screen.findByText('Plan changed')).toBeInTheDocument();
    expect(api.bodiesSentTo('POST', planPath(subscription))).toEqual([
      { plan: 'enterprise', quotedAt: planChangeQuotedAt },
    ]);
    expect(await row.findByText('$99.00/mo')).toBeInTheDocument();
  });

  it('states a downgrade at the next renewal, and shows a scheduled one on the row', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const subscription = aSubscription(tenant, { product, amount: 49 });
    renderWith(tenant, subscription, {
      term: aSubscriptionTerm(subscription, {
        scheduledPlanChange: { plan: 'basic', amount: 9, effectiveAt: planChangePeriodEnd },
      }),
      routes: {
        [`GET ${planPath(subscription)}?plan=professional`]: () =>
          json(
            aPlanChangePreview(subscription, {
              kind: 'withdraw',
              plan: 'professional',
              amount: 49,
              chargeNow: 0,
            }),
          ),
      },
    });
    const row = await rowOf('Bank Connect');
    expect(await row.findByText('Changes to Basic on Dec 15, 2026')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Change plan: Bank Connect' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('radio', { name: /Basic.*Scheduled/ })).toBeDisabled();
    await user.click(dialog.getByRole('radio', { name: /Professional/ }));
    expect(
      await dialog.findByText(
        'The subscription stays on Professional; the change to Basic scheduled for Dec 15, 2026 is dropped.',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Keep Professional' })).toBeEnabled();
  });

  it("keeps the dialog open with the issuer's words when the card is declined", async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const subscription = aSubscription(tenant, { product, amount: 49 });
    renderWith(tenant, subscription, {
      routes: {
        [`GET ${planPath(subscription)}?plan=enterprise`]: () => json(aPlanChangePreview(subscription, {})),
        [`POST ${planPath(subscription)}`]: () => problem(402, 'Your card was declined.'),
      },
    });
    const row = await rowOf('Bank Connect');
    await user.click(await row.findByRole('button', { name: 'Change plan: Bank Connect' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('radio', { name: /Enterprise/ }));
    await user.click(await dialog.findByRole('button', { name: 'Upgrade to Enterprise' }));
    const failure = within(await dialog.findByRole('alert'));
    expect(failure.getByText('Payment failed')).toBeInTheDocument();
    expect(failure.getByText('Your card was declined.')).toBeInTheDocument();
  });

  it.each([
    ['set to cancel', { cancelAtPeriodEnd: true }, {}],
    ['suspended', { status: 'suspended' as const }, {}],
    ['of a product with one plan', {}, { basicPrice: null, enterprisePrice: null }],
  ])('offers no plan change for a subscription %s', async (_, overrides, prices) => {
    const tenant = aTenant();
    const subscription = aSubscription(tenant, { product, ...overrides });
    // Beside one that offers it, so its absence is not just a read still on its way.
    const other = aSubscription(tenant, { product: { ...product, name: 'Risk Scoring' } });
    stubTenantDetails(
      tenant,
      {
        subscriptions: [subscription, other],
        terms: [aSubscriptionTerm(subscription), aSubscriptionTerm(other)],
      },
      {
        [`GET /api/products/${subscription.productId}`]: () =>
          json(aProduct({ id: subscription.productId, basicPrice: 9, enterprisePrice: 99, ...prices })),
        [`GET /api/products/${other.productId}`]: () =>
          json(aProduct({ id: other.productId, basicPrice: 9, enterprisePrice: 99 })),
      },
    );
    renderTenantDetails(tenant.id);
    expect(
      await (await rowOf('Risk Scoring')).findByRole('button', { name: 'Change plan: Risk Scoring' }),
    ).toBeInTheDocument();
    const row = await rowOf('Bank Connect');
    expect(row.getByRole('button', { name: 'Cancel now: Bank Connect' })).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Change plan: Bank Connect' })).not.toBeInTheDocument();
  });
});
