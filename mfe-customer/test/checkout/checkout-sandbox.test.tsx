// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { json, never, problem, stubApi, type Routes } from '@app/test-support/web';
import { createQueryClient, queryKeys } from '@app/web-data';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CheckoutPage } from '../../src/screens/checkout/checkout-page.js';
import { screens, standalonePaths } from '../../src/routes.js';
import {
  aProduct,
  deferred,
  productRoutes,
  renderCheckout,
  spyOnLocationAssign,
} from './checkout-support.js';

const product = aProduct();
const other = aProduct({ name: 'Bank Connect', slug: 'bank-connect', basePrice: 99 });
const clientSecret = 'pi_sandbox_1_secret_abc';
const payButton = 'Complete Payment - $49.99/month';

function sandboxApi(overrides: Routes = {}) {
  return stubApi({
    ...productRoutes([product, other]),
    'GET /api/billing/config': () => json({ provider: 'sandbox' }),
    'POST /api/create-payment-intent': () => json({ clientSecret }),
    'POST /api/billing/sandbox/confirm': () => json({ status: 'succeeded' }),
    ...overrides,
  });
}

async function fillCard(number = '4242424242424242', expiry = '1231', cvc = '123') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date'), expiry);
  await user.type(screen.getByLabelText('CVC'), cvc);
  return user;
}

describe('Checkout with the Sandbox', () => {
  it('shows the product, the order and the payment form once the payment is opened, once', async () => {
    const api = sandboxApi();
    renderCheckout('/checkout?product=risk-scoring');

    expect(await screen.findByRole('heading', { name: 'Risk Scoring Engine', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Score every applicant in real time.')).toBeInTheDocument();
    expect(screen.getByText('Security')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "What's included:" })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(product.features);

    const order = within(
      screen.getByRole('heading', { name: 'Order Summary' }).closest('[data-slot="card"]')!,
    );
    expect(order.getByText('Setup fee')).toBeInTheDocument();
    expect(order.getByText('$0.00')).toBeInTheDocument();
    expect(order.getByText('$49.99')).toBeInTheDocument();
    expect(order.getByText('$49.99/month')).toBeInTheDocument();
    expect(order.getByText('You can cancel anytime. No long-term commitments.')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Payment Details' })).toBeInTheDocument();
    expect(screen.getByText('Secured by the Sandbox')).toBeInTheDocument();
    expect(screen.getByText(/test card 4242 4242 4242 4242 with any future date/)).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText('Expiry date')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(screen.getByLabelText('CVC')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: payButton })).toBeEnabled();

    expect(api.bodiesSentTo('POST', '/api/create-payment-intent')).toEqual([
      { amount: 49.99, productId: product.id },
    ]);
  });

  it('opens one payment per product, also when the product is read again', async () => {
    const api = sandboxApi();
    const client = createQueryClient();
    const lookup = queryKeys.productLookup({ slug: 'risk-scoring' });
    client.setQueryData(lookup, product);
    renderCheckout('/checkout?product=risk-scoring', client);
    expect(await screen.findByRole('button', { name: payButton })).toBeEnabled();

    await act(async () => {
      client.setQueryData(lookup, { ...product, description: 'Now with alerts.' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByText('Now with alerts.')).toBeInTheDocument();
    expect(api.bodiesSentTo('POST', '/api/create-payment-intent')).toEqual([
      { amount: 49.99, productId: product.id },
    ]);
  });

  it('shows a loading state while the product, provider and payment load', () => {
    sandboxApi({ 'GET /api/products?*': never });
    renderCheckout('/checkout?product=risk-scoring');
    expect(screen.getByRole('status')).toHaveTextContent('Loading checkout...');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('pays with the card, shows Processing..., then the success view and the dashboard after 2 seconds', async () => {
    const confirmation = deferred();
    const api = sandboxApi({ 'POST /api/billing/sandbox/confirm': () => confirmation.promise });
    renderCheckout('/checkout?product=risk-scoring');
    const user = await fillCard();
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry date')).toHaveValue('12 / 31');

    await user.click(screen.getByRole('button', { name: payButton }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(api.bodiesSentTo('POST', '/api/billing/sandbox/confirm')).toEqual([
      {
        clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' },
      },
    ]);

    confirmation.release(json({ status: 'succeeded' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('You now have access to Risk Scoring Engine')).toBeInTheDocument();
    expect(screen.getByText('Redirecting to your dashboard...')).toBeInTheDocument();
    expect(screen.getByText('Welcome to your new subscription!')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout?product=risk-scoring');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/), {
      timeout: 3_000,
    });
  });

  it("shows a declined card's Payment Failed toast in the provider's words and lets the buyer retry", async () => {
    sandboxApi({ 'POST /api/billing/sandbox/confirm': () => problem(402, 'Your card was declined.') });
    renderCheckout('/checkout?product=risk-scoring');
    const user = await fillCard('4000000000000002');
    await user.click(screen.getByRole('button', { name: payButton }));

    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: payButton })).toBeEnabled();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
  });

  it('shows Payment Error for an unexpected failure', async () => {
    sandboxApi({ 'POST /api/billing/sandbox/confirm': () => json({}, 500) });
    renderCheckout('/checkout?product=risk-scoring');
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: payButton }));
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });

  it('checks the card before sending it', async () => {
    const api = sandboxApi();
    renderCheckout('/checkout?product=risk-scoring');
    const user = userEvent.setup();
    const number = await screen.findByLabelText('Card number');
    await user.type(number, '4242424242424241');
    await user.tab();
    expect(screen.getByText('Your card number is invalid.')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText("Your card's expiration date is incomplete.")).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: payButton }));
    expect(screen.getByText("Your card's expiration date is incomplete.")).toBeInTheDocument();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeInTheDocument();
    expect(number).toHaveFocus();

    await user.type(screen.getByLabelText('Expiry date'), '0120');
    await user.tab();
    expect(screen.getByText("Your card's expiration date is in the past.")).toBeInTheDocument();
    expect(api.callsTo('/api/billing/sandbox/confirm')).toEqual([]);
  });

  it('sends an unknown or inactive product back to the catalogue', async () => {
    const api = sandboxApi(productRoutes([product, aProduct({ slug: 'retired', isActive: false })]));
    renderCheckout('/checkout?product=retired');
    expect(await screen.findByText('Product Not Found')).toBeInTheDocument();
    expect(screen.getByText('The requested product could not be found.')).toBeInTheDocument();
    // The toast's store and the router commit separately: the toast can be on screen a render before the move.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/catalog$/));
    expect(api.callsTo('/api/create-payment-intent')).toEqual([]);
  });

  it('finds the product by id or slug in the path, and lets the query parameter decide over it', async () => {
    const api = sandboxApi();
    renderCheckout(`/checkout/${other.id}`);
    expect(await screen.findByRole('button', { name: 'Complete Payment - $99.00/month' })).toBeEnabled();
    expect(api.bodiesSentTo('POST', '/api/create-payment-intent')).toEqual([
      { amount: 99, productId: other.id },
    ]);
    expect(api.callsTo(`/api/products/${other.id}`)).toHaveLength(1);
  });

  it('finds the product by a slug in the path, asking for that one product only', async () => {
    const api = sandboxApi();
    renderCheckout('/checkout/bank-connect');
    expect(await screen.findByRole('button', { name: 'Complete Payment - $99.00/month' })).toBeEnabled();
    expect(api.calls.map((call) => call.url).filter((url) => url.startsWith('/api/products'))).toEqual([
      '/api/products?isActive=true&limit=1&slug=bank-connect',
    ]);
  });

  it('lets ?product= win over the path', async () => {
    const api = sandboxApi();
    renderCheckout(`/checkout/${other.id}?product=risk-scoring`);
    expect(await screen.findByRole('button', { name: payButton })).toBeEnabled();
    expect(api.bodiesSentTo('POST', '/api/create-payment-intent')).toEqual([
      { amount: 49.99, productId: product.id },
    ]);
  });

  it('goes back to the catalogue with Loading Error when the payment cannot be opened', async () => {
    sandboxApi({ 'POST /api/create-payment-intent': () => problem(409, 'The price has changed.') });
    renderCheckout('/checkout?product=risk-scoring');
    expect(await screen.findByText('Loading Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to load checkout. Please try again.')).toBeInTheDocument();
    // As above: the toast may be drawn a render before the router moves.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/catalog$/));
  });

  it('asks a signed-out buyer to sign in, then goes to /api/login after 1.5 seconds', async () => {
    const assign = spyOnLocationAssign();
    sandboxApi({ 'POST /api/create-payment-intent': () => problem(401, 'Authentication required.') });
    renderCheckout('/checkout?product=risk-scoring');
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to continue with your purchase.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'), { timeout: 2_500 });
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('asks to sign in again when the session ends before the card is confirmed', async () => {
    const assign = spyOnLocationAssign();
    sandboxApi({ 'POST /api/billing/sandbox/confirm': () => problem(401, 'Authentication required.') });
    renderCheckout('/checkout?product=risk-scoring');
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: payButton }));
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'), { timeout: 2_500 });
  });

  it('shows the fallback page when the product cannot be read', async () => {
    sandboxApi({ 'GET /api/products?*': () => json({}, 500) });
    renderCheckout('/checkout?product=risk-scoring');
    expect(await screen.findByRole('heading', { name: 'Unable to Load Checkout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Catalog' })).toHaveAttribute('href', '/catalog');
  });

  it('is the screen the shell mounts on /checkout', async () => {
    expect(await screens.checkout?.()).toBe(CheckoutPage);
    expect(standalonePaths.checkout).toBe('/checkout');
  });
});
