// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanChangeAuthentication } from '@app/contracts';
import { aPlanChangePreview, aPlanChangeReply, json, problem, type Responder } from '@app/test-support/web';
import { dismissToast } from '@app/ui';
import { aSubscription } from '../support/fixtures.js';
import { choosePlan, openSubscriptions, planPath } from './plan-change-support.js';

const stripe = vi.hoisted(() => ({ loadStripe: vi.fn(), handleNextAction: vi.fn() }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

const clientSecret = 'pi_123_secret_abc';

const subscription = aSubscription({ plan: 'professional', amount: 49 });
const completePath = `${planPath(subscription)}/complete`;
const authentication: PlanChangeAuthentication = {
  subscriptionId: subscription.id,
  outcome: 'requires-action',
  clientSecret,
};

/** The Subscriptions tab with an upgrade to Enterprise quoted, billing answering 202, then `complete`. */
async function upgradeAskingForTheBank(complete: Responder) {
  const opened = await openSubscriptions(subscription, {
    more: {
      'GET /api/billing/config': () => json({ provider: 'stripe', publishableKey: 'pk_test_123' }),
      [`GET ${planPath(subscription)}?plan=enterprise`]: () => json(aPlanChangePreview(subscription, {})),
      [`POST ${planPath(subscription)}`]: () => json(authentication, 202),
      [`POST ${completePath}`]: complete,
    },
  });
  const chosen = await choosePlan(opened.user, opened.row, /Enterprise/);
  await opened.user.click(await chosen.findByRole('button', { name: 'Upgrade to Enterprise' }));
  return opened;
}

/** Looked up each time: the dialog is drawn anew, not modal, while Stripe's step is over it, and back after. */
const dialog = () => within(screen.getByRole('dialog'));

beforeEach(() => {
  // The toast store outlives a test: an earlier test's Plan changed would still show.
  dismissToast();
  stripe.loadStripe.mockReset().mockResolvedValue({ handleNextAction: stripe.handleNextAction });
  stripe.handleNextAction.mockReset().mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
});

describe("Changing plan when the card's bank asks for 3-D Secure (issue 19)", () => {
  it("runs Stripe.js's step with the client secret, then completes the upgrade as a direct one", async () => {
    let confirmed!: (result: unknown) => void;
    stripe.handleNextAction.mockReturnValue(new Promise((resolve) => (confirmed = resolve)));
    const { api, row } = await upgradeAskingForTheBank(() => json(aPlanChangeReply(subscription, {})));

    await waitFor(() =>
      expect(dialog().getByRole('status')).toHaveTextContent('Your bank asks you to confirm this payment.'),
    );
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret });
    expect(dialog().getByRole('button', { name: 'Confirming payment...' })).toBeDisabled();
    // Not modal meanwhile: a modal dialog keeps clicks from everything outside it, Stripe's frame included.
    expect(document.body.style.pointerEvents).not.toBe('none');
    expect(api.callsTo(completePath)).toHaveLength(0);

    await act(async () => confirmed({ paymentIntent: { status: 'succeeded' } }));
    expect(await screen.findByText('Plan changed')).toBeInTheDocument();
    expect(api.callsTo(completePath, 'POST')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await row.findByText('Enterprise Plan')).toBeInTheDocument();
    expect(row.getByText('$99.00')).toBeInTheDocument();
  });

  it("still asks billing when Stripe.js reports the step failed, and shows the issuer's words", async () => {
    stripe.handleNextAction.mockResolvedValue({
      error: { type: 'invalid_request_error', message: 'We are unable to authenticate your payment method.' },
    });
    const { api } = await upgradeAskingForTheBank(() => problem(402, 'Your card was declined.'));
    const failure = within(await waitFor(() => dialog().getByRole('alert')));
    expect(failure.getByText('Payment failed')).toBeInTheDocument();
    expect(failure.getByText('Your card was declined.')).toBeInTheDocument();
    expect(failure.getByRole('button', { name: 'Use a new card' })).toBeInTheDocument();
    expect(api.callsTo(completePath, 'POST')).toHaveLength(1);
    expect(dialog().getByRole('button', { name: 'Upgrade to Enterprise' })).toBeEnabled();
    expect(screen.queryByText('Plan changed')).not.toBeInTheDocument();
  });

  it('asks billing again while the bank has not answered it, then shows the change', async () => {
    const answers = [
      () => problem(409, 'Your bank has not confirmed the payment yet'),
      () => json(aPlanChangeReply(subscription, {})),
    ];
    const { api } = await upgradeAskingForTheBank(() => answers.shift()!());
    expect(await screen.findByText('Plan changed', {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(api.callsTo(completePath, 'POST')).toHaveLength(2);
    expect(stripe.handleNextAction).toHaveBeenCalledTimes(1);
  });

  it('says the bank has not confirmed the payment after a few tries, and confirms again when asked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let bankAnswered = false;
    const { api, user } = await upgradeAskingForTheBank(() =>
      bankAnswered
        ? json(aPlanChangeReply(subscription, {}))
        : problem(
            409,
            'Your bank has not confirmed the payment yet; finish its check, or try again in a moment',
          ),
    );
    await waitFor(() => expect(api.callsTo(completePath, 'POST')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    const failure = within(await waitFor(() => dialog().getByRole('alert')));
    expect(failure.getByText('Payment not confirmed yet')).toBeInTheDocument();
    expect(failure.getByText(/^Your bank has not confirmed the payment yet/)).toBeInTheDocument();
    expect(api.callsTo(completePath, 'POST')).toHaveLength(5);
    vi.useRealTimers();

    bankAnswered = true;
    await user.click(dialog().getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Plan changed')).toBeInTheDocument();
    expect(stripe.handleNextAction).toHaveBeenCalledTimes(2);
    expect(api.bodiesSentTo('POST', planPath(subscription))).toHaveLength(1);
  });

  it('says so when Stripe.js cannot be loaded, leaving billing to wait for the step', async () => {
    stripe.loadStripe.mockRejectedValue(new Error('blocked'));
    const { api } = await upgradeAskingForTheBank(() => json(aPlanChangeReply(subscription, {})));
    const failure = within(await waitFor(() => dialog().getByRole('alert')));
    expect(failure.getByText('Payment not confirmed yet')).toBeInTheDocument();
    expect(
      failure.getByText("Your bank's check cannot be shown right now. Please try again in a moment."),
    ).toBeInTheDocument();
    expect(dialog().getByRole('button', { name: 'Confirm payment' })).toBeEnabled();
    expect(api.callsTo(completePath)).toHaveLength(0);
  });
});
