// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlanChangePreview, Subscription, SubscriptionTerm, Tenant } from '@app/contracts';
import { json, problem, type Routes } from '@app/test-support/web';
import { aProduct, aSubscription, aTenant } from '../support/fixtures.js';
import { renderTenantDetails, stubTenantDetails } from '../support/tenant-details.js';

const periodEnd = '2026-12-15T10:00:00.000Z';
const quotedAt = '2026-11-22T12:00:00.000Z';
const product = { name: 'Bank Connect', basePrice: 49, color: '#10B981' };

const rowOf = async (name: string) =>
  within((await screen.findByRole('heading', { name, level: 3 })).closest('li') as HTMLElement);

function termOf(subscription: Subscription, overrides: Partial<SubscriptionTerm> = {}): SubscriptionTerm {
  return {
    subscriptionId: subscription.id,
    status: subscription.status,
    currentPeriodEnd: periodEnd,
    renewsAt: periodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    endsAt: null,
    scheduledPlanChange: null,
    ...overrides,
  };
}

function previewOf(subscription: Subscription, overrides: Partial<PlanChangePreview>): PlanChangePreview {
  return {
    subscriptionId: subscription.id,
    kind: 'upgrade',
    fromPlan: 'professional',
    plan: 'enterprise',
    currentAmount: 49,
    amount: 99,
    chargeNow: 23.45,
    effectiveAt: quotedAt,
    periodEnd,
    quotedAt,
    ...overrides,
  };
}

/** Tenant details with one Bank Connect subscription on professional, its product offering `prices`. */
function renderWith(
  tenant: Tenant,
  subscription: Subscription,
  {
    prices = { basicPrice: 9, enterprisePrice: 99 },
    term = termOf(subscription),
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
        [`GET ${planPath(subscription)}?plan=enterprise`]: () => json(previewOf(subscription, {})),
        [`POST ${planPath(subscription)}`]: () =>
          json({
            subscriptionId: subscription.id,
            outcome: 'changed',
            plan: 'enterprise',
            amount: 99,
            charged: 23.45,
            invoiceId: crypto.randomUUID(),
            effectiveAt: quotedAt,
          }),
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
    expect(api.bodiesSentTo('POST', planPath(subscription))).toEqual([{ plan: 'enterprise', quotedAt }]);
    expect(await row.findByText('$99.00/mo')).toBeInTheDocument();
  });

  it('states a downgrade at the next renewal, and shows a scheduled one on the row', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const subscription = aSubscription(tenant, { product, amount: 49 });
    renderWith(tenant, subscription, {
      term: termOf(subscription, {
        scheduledPlanChange: { plan: 'basic', amount: 9, effectiveAt: periodEnd },
      }),
      routes: {
        [`GET ${planPath(subscription)}?plan=professional`]: () =>
          json(previewOf(subscription, { kind: 'withdraw', plan: 'professional', amount: 49, chargeNow: 0 })),
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
        [`GET ${planPath(subscription)}?plan=enterprise`]: () => json(previewOf(subscription, {})),
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
      { subscriptions: [subscription, other], terms: [termOf(subscription), termOf(other)] },
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
