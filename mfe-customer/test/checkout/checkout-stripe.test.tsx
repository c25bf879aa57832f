// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { json, stubApi, type Routes } from '@app/test-support/web';
import { createQueryClient, queryKeys } from '@app/web-data';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct, productRoutes, renderCheckout } from './checkout-support.js';

const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmPayment: vi.fn(),
  elements: { id: 'elements' },
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => (
    <div data-testid="elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  // Stripe's iframe stands in as a button that reports the element ready, so the test decides when it is.
  PaymentElement: ({ onReady }: { onReady: () => void }) => (
    <button type="button" onClick={onReady}>
      Stripe Payment Element
    </button>
  ),
  useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
  useElements: () => stripe.elements,
}));

const product = aProduct();
const payButton = 'Complete Payment - $49.99/month';
const statusPath = '/api/billing/payments/pi_123';

function stripeApi(overrides: Routes = {}) {
  return stubApi({
    ...productRoutes([product]),
    'GET /api/billing/config': () => json({ provider: 'stripe', publishableKey: 'pk_test_123' }),
    'POST /api/create-payment-intent': () => json({ clientSecret: 'pi_123_secret_abc' }),
    ...overrides,
  });
}

async function readyToPay() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Stripe Payment Element' }));
  return user;
}

beforeEach(() => {
  stripe.loadStripe.mockReset().mockResolvedValue({ confirmPayment: stripe.confirmPayment });
  stripe.confirmPayment.mockReset();
});

describe('Checkout with Stripe', () => {
  it("loads Stripe with billing's key and the payment's client secret; pay waits for the element", async () => {
    stripeApi();
    renderCheckout('/checkout?product=risk-scoring');
    expect(await screen.findByTestId('elements')).toHaveAttribute('data-client-secret', 'pi_123_secret_abc');
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.getByText('Secured by Stripe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: payButton })).toBeDisabled();

    await readyToPay();
    expect(screen.getByRole('button', { name: payButton })).toBeEnabled();
  });

  it('confirms with the return URL, then waits for billing before showing success', async () => {
    const statuses = ['pending', 'succeeded'];
    const api = stripeApi({ [`GET ${statusPath}`]: () => json({ status: statuses.shift() ?? 'succeeded' }) });
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    const client = createQueryClient();
    client.setQueryData(queryKeys.invoices, []);
    renderCheckout('/checkout?product=risk-scoring', client);
    const user = await readyToPay();
    await user.click(screen.getByRole('button', { name: payButton }));

    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: stripe.elements,
      confirmParams: { return_url: `${window.location.origin}/dashboard?payment=success` },
      redirect: 'if_required',
    });
    await waitFor(() => expect(api.callsTo(statusPath)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(client.getQueryState(queryKeys.invoices)?.isInvalidated).toBe(false);

    expect(await screen.findByText('Payment Successful!', {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(api.callsTo(statusPath)).toHaveLength(2);
    expect(screen.getByText('You now have access to Risk Scoring Engine')).toBeInTheDocument();
    expect(client.getQueryState(queryKeys.invoices)?.isInvalidated).toBe(true);
  });

  it('stops waiting for billing after about 30 seconds and says so, keeping the buyer from paying twice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stripeApi({ [`GET ${statusPath}`]: () => json({ status: 'pending' }) });
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    renderCheckout('/checkout?product=risk-scoring');
    const user = await readyToPay();
    await user.click(screen.getByRole('button', { name: payButton }));
    await waitFor(() => expect(api.callsTo(statusPath)).toHaveLength(1));

    await act(() => vi.advanceTimersByTimeAsync(35_000));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your payment was accepted, but confirming it is taking longer than usual.',
    );
    expect(api.callsTo(statusPath)).toHaveLength(30);
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
  });

  it("shows Stripe's message as Payment Failed and lets the buyer try again", async () => {
    const api = stripeApi();
    stripe.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    renderCheckout('/checkout?product=risk-scoring');
    const user = await readyToPay();
    await user.click(screen.getByRole('button', { name: payButton }));

    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card has insufficient funds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: payButton })).toBeEnabled();
    expect(api.callsTo(statusPath)).toEqual([]);
  });

  it('shows the fallback page when Stripe.js cannot be loaded', async () => {
    stripeApi();
    stripe.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    renderCheckout('/checkout?product=risk-scoring');
    expect(await screen.findByRole('heading', { name: 'Unable to Load Checkout' })).toBeInTheDocument();
  });
});
