// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { json, stubApi } from '@app/test-support/web';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CreatePaymentIntentBody } from '@app/contracts';
import { aProduct, productRoutes, renderCheckout } from './checkout-support.js';

const planned = aProduct({ basePrice: 49.99, basicPrice: 19.99, enterprisePrice: 99.99 });
const professionalOnly = aProduct({ name: 'Bank Connect', slug: 'bank-connect', basePrice: 99 });

/** Each plan's payment has its own client secret, so the test sees which one the card confirms. */
function plansApi() {
  return stubApi({
    ...productRoutes([planned, professionalOnly]),
    'GET /api/billing/config': () => json({ provider: 'sandbox' }),
    'POST /api/create-payment-intent': (call) => {
      const body = JSON.parse(call.body ?? '{}') as CreatePaymentIntentBody;
      return json({ clientSecret: `pi_sandbox_${body.plan ?? 'professional'}_secret_x` });
    },
    'POST /api/billing/sandbox/confirm': () => json({ status: 'succeeded' }),
  });
}

const orderSummary = () =>
  within(screen.getByRole('heading', { name: 'Order Summary' }).closest('[data-slot="card"]')!);

describe('Checkout plans', () => {
  it('offers the product’s plans with their prices, Professional first chosen, and charges the chosen one', async () => {
    const api = plansApi();
    renderCheckout(`/checkout?product=${planned.slug}`);
    const plans = within(await screen.findByRole('group', { name: 'Choose a plan' }));
    expect(plans.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Basic$19.99/month',
      'Professional$49.99/month',
      'Enterprise$99.99/month',
    ]);
    expect(plans.getByRole('radio', { name: /Professional/ })).toBeChecked();
    expect(await screen.findByRole('button', { name: 'Complete Payment - $49.99/month' })).toBeEnabled();

    const user = userEvent.setup();
    await user.click(plans.getByRole('radio', { name: /Basic/ }));
    expect(orderSummary().getByText('Risk Scoring Engine, Basic (monthly)')).toBeInTheDocument();
    expect(orderSummary().getByText('$19.99/month')).toBeInTheDocument();
    const pay = await screen.findByRole('button', { name: 'Complete Payment - $19.99/month' });
    expect(api.bodiesSentTo('POST', '/api/create-payment-intent')).toEqual([
      { amount: 49.99, productId: planned.id },
      { amount: 19.99, productId: planned.id, plan: 'basic' },
    ]);

    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry date'), '1231');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(pay);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(api.bodiesSentTo('POST', '/api/billing/sandbox/confirm')).toMatchObject([
      { clientSecret: 'pi_sandbox_basic_secret_x' },
    ]);
  });

  it('asks nothing about plans for a product that offers only professional', async () => {
    plansApi();
    renderCheckout(`/checkout?product=${professionalOnly.slug}`);
    expect(await screen.findByRole('button', { name: 'Complete Payment - $99.00/month' })).toBeEnabled();
    expect(screen.queryByRole('group', { name: 'Choose a plan' })).not.toBeInTheDocument();
    expect(orderSummary().getByText('Bank Connect (monthly)')).toBeInTheDocument();
  });
});
