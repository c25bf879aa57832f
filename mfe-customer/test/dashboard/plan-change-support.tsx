/** The dashboard's Change plan dialog: its reads, a quote and a reply, and the steps to reach it. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  PlanChangePreview,
  PlanChangeReply,
  Product,
  Subscription,
  SubscriptionTerm,
} from '@app/contracts';
import { json, type Routes } from '@app/test-support/web';
import { aProduct } from '../support/fixtures.js';
import { renderDashboard } from './render.js';

export const periodEnd = '2026-12-15T10:00:00.000Z';
export const quotedAt = '2026-11-22T12:00:00.000Z';

export function termOf(
  subscription: Subscription,
  overrides: Partial<SubscriptionTerm> = {},
): SubscriptionTerm {
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

export function previewOf(
  subscription: Subscription,
  overrides: Partial<PlanChangePreview>,
): PlanChangePreview {
  return {
    subscriptionId: subscription.id,
    kind: 'upgrade',
    fromPlan: subscription.plan,
    plan: 'enterprise',
    currentAmount: subscription.amount,
    amount: 99,
    chargeNow: 23.45,
    effectiveAt: quotedAt,
    periodEnd,
    quotedAt,
    ...overrides,
  };
}

export function replyOf(subscription: Subscription, overrides: Partial<PlanChangeReply>): PlanChangeReply {
  return {
    subscriptionId: subscription.id,
    outcome: 'changed',
    plan: 'enterprise',
    amount: 99,
    charged: 23.45,
    invoiceId: crypto.randomUUID(),
    effectiveAt: quotedAt,
    ...overrides,
  };
}

export const planPath = (subscription: Subscription) => `/api/billing/subscriptions/${subscription.id}/plan`;

/** The dashboard's Subscriptions tab with one subscription of `product`, its term, and `more` routes. */
export async function openSubscriptions(
  subscription: Subscription,
  {
    product = aProduct({ id: subscription.productId }),
    term = termOf(subscription),
    more = {},
  }: { product?: Product; term?: SubscriptionTerm | (() => SubscriptionTerm); more?: Routes } = {},
) {
  const user = userEvent.setup();
  const api = renderDashboard({
    subscriptions: () => json([subscription]),
    terms: () => json([typeof term === 'function' ? term() : term]),
    more: { [`GET /api/products/${subscription.productId}`]: () => json(product), ...more },
  });
  await user.click(screen.getByRole('tab', { name: 'Subscriptions' }));
  const row = within(
    within(await screen.findByRole('list', { name: 'Subscriptions' })).getByRole('listitem'),
  );
  return { user, api, row };
}

export async function choosePlan(
  user: ReturnType<typeof userEvent.setup>,
  row: ReturnType<typeof within>,
  plan: RegExp,
) {
  await user.click(await row.findByRole('button', { name: 'Change plan' }));
  const dialog = within(await screen.findByRole('dialog'));
  await user.click(dialog.getByRole('radio', { name: plan }));
  return dialog;
}
