import type pg from 'pg';
import { NotFoundError } from '@app/domain';
import type { CommandOptions } from '@app/eventing';
import { paymentNotFound } from '../domain/payment/decide.js';
import type { SandboxConfirmInput, SandboxProvider } from '../payments/sandbox/sandbox-provider.js';
import { intentIdOf } from '../payments/sandbox/sandbox-secrets.js';
import { findPaymentByProviderId } from '../projections/payments.js';
import type { Settlement, SettlementService } from './settlement.js';

/**
 * POST /api/billing/sandbox/confirm's use case: the Sandbox plays Stripe.js and Stripe at once. The payment the
 * client secret names must be the caller's (checked before the card is tried, so nobody confirms another
 * buyer's payment); then the Sandbox's answer is settled exactly as a Stripe webhook's would be.
 */
export function createSandboxConfirmation(deps: {
  pool: pg.Pool;
  sandbox: SandboxProvider;
  settlement: SettlementService;
}) {
  const { pool, sandbox, settlement } = deps;
  return {
    async confirm(userId: string, input: SandboxConfirmInput, options: CommandOptions): Promise<Settlement> {
      const intentId = intentIdOf(input.clientSecret);
      const payment = intentId === null ? null : await findPaymentByProviderId(pool, 'sandbox', intentId);
      if (payment === null || payment.userId !== userId) throw new NotFoundError(paymentNotFound);
      // Confirmed before: answer as then, completing the invoice if that attempt stopped short of it.
      const earlier = await settlement.resume(payment.paymentId, options);
      if (earlier !== null) return earlier;
      const confirmation = await sandbox.confirmPayment(input);
      if (confirmation.metadata.paymentId !== payment.paymentId) {
        throw new Error(`Sandbox intent ${confirmation.providerPaymentId} belongs to another payment`);
      }
      return settlement.settle(payment.paymentId, confirmation, options);
    },
  };
}

export type SandboxConfirmation = ReturnType<typeof createSandboxConfirmation>;
