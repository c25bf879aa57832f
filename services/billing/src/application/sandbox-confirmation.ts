import { NotFoundError } from '@app/domain';
import type { CommandOptions } from '@app/eventing';
import { paymentNotFound } from '../domain/payment/decide.js';
import type { PaymentOutcome } from '../payments/payment-provider.js';
import { PaymentIntentUnexpectedStateError } from '../payments/provider-errors.js';
import type { SandboxConfirmInput, SandboxProvider } from '../payments/sandbox/sandbox-provider.js';
import { intentIdOf } from '../payments/sandbox/sandbox-secrets.js';
import type { BillingStores } from './billing-stores.js';
import type { Settlement, SettlementService } from './settlement.js';

/**
 * POST /api/billing/sandbox/confirm's use case: the Sandbox plays Stripe.js and Stripe at once. The payment the
 * client secret names must be the caller's (checked before the card is tried, so nobody confirms another
 * buyer's payment); then the Sandbox's answer is settled exactly as a Stripe webhook's would be.
 */
export function createSandboxConfirmation(deps: {
  stores: Pick<BillingStores, 'payments'>;
  sandbox: SandboxProvider;
  settlement: SettlementService;
}) {
  const { stores, sandbox, settlement } = deps;

  /**
   * The caller's payment behind the intent, from the payment's own stream rather than billing's views: a checkout
   * confirmed the moment it was opened must be found even while the views lag (after a database restart, say).
   */
  async function callersPayment(userId: string, intentId: string): Promise<string | null> {
    const paymentId = await sandbox.paymentIdOf(intentId);
    if (paymentId === null) return null;
    const { state: payment } = await stores.payments.read(paymentId);
    const owned = payment.status !== 'absent' && payment.userId === userId;
    return owned && payment.providerPaymentId === intentId ? paymentId : null;
  }

  /**
   * The Sandbox's answer to the card. A payment that already succeeded there is refused as Stripe refuses it
   * (409): that happens when billing stopped between the Sandbox's success and its own record of it, or while a
   * concurrent confirmation is recording it. The success is then read back from the Sandbox and settled, so the
   * customer's retry completes the checkout instead of being told it cannot be confirmed.
   */
  async function confirmOrRecover(
    input: SandboxConfirmInput,
    intentId: string,
    paymentId: string,
  ): Promise<PaymentOutcome> {
    try {
      const confirmation = await sandbox.confirmPayment(input);
      if (confirmation.metadata.paymentId !== paymentId) {
        throw new Error(`Sandbox intent ${confirmation.providerPaymentId} belongs to another payment`);
      }
      return confirmation;
    } catch (error) {
      if (!(error instanceof PaymentIntentUnexpectedStateError)) throw error;
      const recorded = await sandbox.retrievePayment(intentId);
      if (recorded.status !== 'succeeded') throw error;
      return recorded;
    }
  }

  return {
    async confirm(userId: string, input: SandboxConfirmInput, options: CommandOptions): Promise<Settlement> {
      const intentId = intentIdOf(input.clientSecret);
      const paymentId = intentId === null ? null : await callersPayment(userId, intentId);
      if (intentId === null || paymentId === null) throw new NotFoundError(paymentNotFound);
      // Confirmed before: answer as then, completing the invoice if that attempt stopped short of it.
      const earlier = await settlement.resume(paymentId, options);
      if (earlier !== null) return earlier;
      const outcome = await confirmOrRecover(input, intentId, paymentId);
      return settlement.settle(paymentId, outcome, options);
    },
  };
}

export type SandboxConfirmation = ReturnType<typeof createSandboxConfirmation>;
