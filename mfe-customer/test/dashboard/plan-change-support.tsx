/** The dashboard's Change plan dialog: its reads and the steps to reach it. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product, Subscription, SubscriptionTerm } from '@app/contracts';
import { aSubscriptionTerm, json, type Routes } from '@app/test-support/web';
import { aProduct } from '../support/fixtures.js';
import { renderDashboard } from './render.js';

export const planPath = (subscription: Subscription) => `/api/billing/subscriptions/${subscription.id}/plan`;

/** The dashboard's Subscriptions tab with one subscription of `product`, its term, and `more` routes. */
export async function openSubscriptions(
  subscription: Subscription,
  {
    product = aProduct({ id: subscription.productId }),
    term = aSubscriptionTerm(subscription),
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
