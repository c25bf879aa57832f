// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  aPlanChangePreview,
  aPlanChangeReply,
  aSubscriptionTerm,
  json,
  planChangePeriodEnd,
  planChangeQuotedAt,
  problem,
} from '@app/test-support/web';
import { aProduct, aSubscription } from '../support/fixtures.js';
import { choosePlan, openSubscriptions, planPath } from './plan-change-support.js';
import { renderDashboard } from './render.js';

describe('Changing plan from the dashboard (issue 19)', () => {
  it('lists the offered plans with their prices, the current one marked and not to be chosen', async () => {
    const subscription = aSubscription({ plan: 'professional', amount: 49 });
    const { user, row } = await openSubscriptions(subscription);
    await user.click(await row.findByRole('button', { name: 'Change plan' }));
    const dialog = within(await screen.findByRole('dialog'));
    const radios = dialog.getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Basic$9.00/month',
      'ProfessionalCurrent plan$49.00/month',
      'Enterprise$99.00/month',
    ]);
    expect(dialog.getByRole('radio', { name: /Professional/ })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Change plan' })).toBeDisabled();
  });

  it('states what an upgrade charges, sends the quote it showed, and shows the new plan', async () => {
    const subscription = aSubscription({ plan: 'professional', amount: 49 });
    const { user, api, row } = await openSubscriptions(subscription, {
      more: {
        [`GET ${planPath(subscription)}?plan=enterprise`]: () => json(aPlanChangePreview(subscription, {})),
        [`POST ${planPath(subscription)}`]: () => json(aPlanChangeReply(subscription, {})),
      },
    });
    expect(await row.findByText('Professional Plan')).toBeInTheDocument();
    const dialog = await choosePlan(user, row, /Enterprise/);
    expect(
      await dialog.findByText(
        "You'll be charged $23.45 now for the rest of this period (until Dec 15, 2026), then $99.00/month.",
      ),
    ).toBeInTheDocument();
    const invoiceReads = api.callsTo('/api/invoices?limit=200').length;
    await user.click(dialog.getByRole('button', { name: 'Upgrade to Enterprise' }));
    expect(await screen.findByText('Plan changed')).toBeInTheDocument();
    expect(api.bodiesSentTo('POST', planPath(subscription))).toEqual([
      { plan: 'enterprise', quotedAt: planChangeQuotedAt },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Tenancy hears of the upgrade after billing answers: the row shows the reply's plan and price meanwhile.
    expect(await row.findByText('Enterprise Plan')).toBeInTheDocument();
    expect(row.getByText('$99.00')).toBeInTheDocument();
    expect(api.callsTo('/api/invoices?limit=200').length).toBe(invoiceReads + 1);
  });

  it('states that a downgrade waits for the renewal, and then shows it on the row', async () => {
    const subscription = aSubscription({ plan: 'professional', amount: 49 });
    let term = aSubscriptionTerm(subscription);
    const { user, api, row } = await openSubscriptions(subscription, {
      term: () => term,
      more: {
        [`GET ${planPath(subscription)}?plan=basic`]: () =>
          json(
            aPlanChangePreview(subscription, {
              kind: 'downgrade',
              plan: 'basic',
              amount: 9,
              chargeNow: 0,
              effectiveAt: planChangePeriodEnd,
            }),
          ),
        [`POST ${planPath(subscription)}`]: () => {
          term = aSubscriptionTerm(subscription, {
            scheduledPlanChange: { plan: 'basic', amount: 9, effectiveAt: planChangePeriodEnd },
          });
          return json(
            aPlanChangeReply(subscription, {
              outcome: 'scheduled',
              plan: 'basic',
              amount: 9,
              charged: 0,
              invoiceId: null,
              effectiveAt: planChangePeriodEnd,
            }),
          );
        },
      },
    });
    const dialog = await choosePlan(user, row, /Basic/);
    expect(
      await dialog.findByText(
        "Your plan changes to Basic on Dec 15, 2026, at your next renewal; you'll then pay $9.00/month. Nothing is charged now.",
      ),
    ).toBeInTheDocument();
    const invoiceReads = api.callsTo('/api/invoices?limit=200').length;
    await user.click(dialog.getByRole('button', { name: 'Downgrade to Basic' }));
    expect(await screen.findByText('Plan change scheduled')).toBeInTheDocument();
    expect(await row.findByText('Changes to Basic on Dec 15, 2026')).toBeInTheDocument();
    expect(row.getByText('Professional Plan')).toBeInTheDocument();
    expect(api.callsTo('/api/invoices?limit=200')).toHaveLength(invoiceReads);
  });

  it('offers to keep the current plan while a downgrade is scheduled', async () => {
    const subscription = aSubscription({ plan: 'professional', amount: 49 });
    const scheduledPlanChange = { plan: 'basic' as const, amount: 9, effectiveAt: planChangePeriodEnd };
    const { user, api, row } = await openSubscriptions(subscription, {
      term: aSubscriptionTerm(subscription, { scheduledPlanChange }),
      more: {
        [`GET ${planPath(subscription)}?plan=professional`]: () =>
          json(
            aPlanChangePreview(subscription, {
              kind: 'withdraw',
              plan: 'professional',
              amount: 49,
              chargeNow: 0,
            }),
          ),
        [`POST ${planPath(subscription)}`]: () =>
          json(
            aPlanChangeReply(subscription, {
              outcome: 'withdrawn',
              plan: 'professional',
              amount: 49,
              charged: 0,
              invoiceId: null,
            }),
          ),
      },
    });
    expect(await row.findByText('Changes to Basic on Dec 15, 2026')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Change plan' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('radio', { name: /Basic.*Scheduled/ })).toBeDisabled();
    await user.click(dialog.getByRole('radio', { name: /Professional/ }));
    expect(
      await dialog.findByText(
        'You stay on Professional; the change to Basic scheduled for Dec 15, 2026 is dropped.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep Professional' }));
    expect(await screen.findByText('Plan change dropped')).toBeInTheDocument();
    expect(api.bodiesSentTo('POST', planPath(subscription))).toEqual([
      { plan: 'professional', quotedAt: planChangeQuotedAt },
    ]);
  });

  it("keeps the dialog open with the issuer's words when the card is declined", async () => {
    const subscription = aSubscription({ plan: 'professional', amount: 49 });
    const { user, row } = await openSubscriptions(subscription, {
      more: {
        [`GET ${planPath(subscription)}?plan=enterprise`]: () => json(aPlanChangePreview(subscription, {})),
        [`POST ${planPath(subscription)}`]: () => problem(402, 'Your card has insufficient funds.'),
      },
    });
    const dialog = await choosePlan(user, row, /Enterprise/);
    await user.click(await dialog.findByRole('button', { name: 'Upgrade to Enterprise' }));
    const failure = within(await dialog.findByRole('alert'));
    expect(failure.getByText('Payment failed')).toBeInTheDocument();
    expect(failure.getByText('Your card has insufficient funds.')).toBeInTheDocument();
    expect(failure.getByRole('button', { name: 'Use a new card' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText('Plan changed')).not.toBeInTheDocument();
  });

  it("shows the server's reason when billing will not quote the change", async () => {
    const subscription = aSubscription({ plan: 'professional', amount: 49 });
    const { user, row } = await openSubscriptions(subscription, {
      more: {
        [`GET ${planPath(subscription)}?plan=enterprise`]: () =>
          problem(409, 'A subscription set to cancel cannot change plan'),
      },
    });
    const dialog = await choosePlan(user, row, /Enterprise/);
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'A subscription set to cancel cannot change plan',
    );
    expect(dialog.getByRole('button', { name: 'Change plan' })).toBeDisabled();
  });

  it.each([
    ['set to cancel', aSubscription({ cancelAtPeriodEnd: true })],
    ['suspended', aSubscription({ status: 'suspended' })],
    ['cancelled', aSubscription({ status: 'cancelled' })],
  ])('offers no plan change for a subscription %s', async (_, subscription) => {
    const { row } = await openSubscriptions(subscription);
    expect(await row.findByText(subscription.status)).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Change plan' })).not.toBeInTheDocument();
  });

  it('offers no plan change when the product offers one plan only', async () => {
    const user = userEvent.setup();
    const onePlan = aSubscription({ productName: 'Bank Connect' });
    // Beside one that offers it, so its absence is not just a read still on its way.
    const other = aSubscription({ productName: 'Risk Scoring' });
    renderDashboard({
      subscriptions: () => json([onePlan, other]),
      terms: () => json([aSubscriptionTerm(onePlan), aSubscriptionTerm(other)]),
      more: {
        [`GET /api/products/${onePlan.productId}`]: () =>
          json(aProduct({ id: onePlan.productId, basicPrice: null, enterprisePrice: null })),
        [`GET /api/products/${other.productId}`]: () => json(aProduct({ id: other.productId })),
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Subscriptions' }));
    const rows = within(await screen.findByRole('list', { name: 'Subscriptions' })).getAllByRole('listitem');
    const [first, second] = rows.map((row) => within(row));
    expect(await second!.findByRole('button', { name: 'Change plan' })).toBeInTheDocument();
    expect(first!.getByText('Bank Connect')).toBeInTheDocument();
    expect(first!.getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(first!.queryByRole('button', { name: 'Change plan' })).not.toBeInTheDocument();
  });
});
