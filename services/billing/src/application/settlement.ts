import type pg from 'pg';
import { v5 as uuidv5 } from 'uuid';
import { comparePositions, type CommandOptions, type Position } from '@app/eventing';
import type { PaymentState } from '../domain/payment/payment.js';
import type { PaymentOutcome } from '../payments/payment-provider.js';
import type { BillingStores } from './billing-stores.js';
import { allocateInvoiceNumber } from './invoice-numbers.js';

/** Fixed forever: a checkout's invoice id is derived from its payment id under it, so it is issued once. */
export const checkoutInvoiceNamespace = '3b0f5a2e-6c1d-5e8f-9b7a-4d2c1e0f9a8b';

export const checkoutInvoiceId = (paymentId: string): string => uuidv5(paymentId, checkoutInvoiceNamespace);

export type Settlement =
  | { status: 'succeeded'; invoiceId: string; position: Position | null }
  | { status: 'failed'; code: string; message: string; position: Position | null };

/**
 * What the provider said about a payment, recorded the same way whichever way it arrived (Sandbox confirmation
 * or Stripe webhook): a success records the payment and issues its paid invoice; a decline records the attempt.
 * Every step is idempotent, so a repeat (webhook retry, confirmation after the webhook) completes whatever an
 * earlier attempt left undone and adds nothing else.
 */
export function createSettlement(deps: {
  pool: pg.Pool;
  stores: BillingStores;
  now: () => Date;
  /** Told once per payment outcome actually recorded (a repeat records nothing); the payments metric. */
  onRecorded?: (outcome: PaymentOutcome['status']) => void;
}) {
  const { pool, stores, now } = deps;
  const at = () => ({ now: now().toISOString() });

  async function issueCheckoutInvoice(
    payment: Extract<PaymentState, { status: 'succeeded' }>,
    options: CommandOptions,
  ): Promise<{ invoiceId: string; position: Position | null }> {
    const invoiceId = checkoutInvoiceId(payment.paymentId);
    // Checked first so that a repeat does not take a number for nothing; a race still can (a gap, never reuse).
    if ((await stores.invoices.read(invoiceId)).state.status !== 'absent')
      return { invoiceId, position: null };
    const result = await stores.invoices.handle(
      invoiceId,
      {
        type: 'IssueInvoice',
        data: {
          invoiceId,
          number: await allocateInvoiceNumber(pool),
          userId: payment.userId,
          tenantId: payment.tenantId,
          subscriptionId: null,
          productId: payment.productId,
          amountCents: payment.amountCents,
          currency: payment.currency,
          settledBy: payment.paymentId,
        },
        metadata: at(),
      },
      options,
    );
    return { invoiceId, position: result.position };
  }

  /**
   * A payment already confirmed: its invoice, issued now if an earlier attempt stopped short of it. A renewal's
   * charge is recorded by the renewal runner from the provider's own answer, with its invoice; a webhook about it
   * only repeats that answer.
   */
  async function completeSucceeded(
    payment: Extract<PaymentState, { status: 'succeeded' }>,
    position: Position | null,
    options: CommandOptions,
  ): Promise<Settlement> {
    if (payment.kind === 'renewal') {
      if (payment.invoiceId === undefined)
        throw new Error(`Renewal payment ${payment.paymentId} has no invoice`);
      return { status: 'succeeded', invoiceId: payment.invoiceId, position };
    }
    const invoice = await issueCheckoutInvoice(payment, options);
    return { status: 'succeeded', invoiceId: invoice.invoiceId, position: later(position, invoice.position) };
  }

  return {
    async settle(paymentId: string, outcome: PaymentOutcome, options: CommandOptions): Promise<Settlement> {
      const command =
        outcome.status === 'failed'
          ? ({
              type: 'RecordPaymentFailure',
              data: {
                paymentId,
                providerPaymentId: outcome.providerPaymentId,
                code: outcome.code,
                declineCode: outcome.declineCode,
                message: outcome.message,
              },
              metadata: at(),
            } as const)
          : ({
              type: 'RecordPaymentSuccess',
              data: {
                paymentId,
                providerPaymentId: outcome.providerPaymentId,
                paymentMethodId: outcome.paymentMethodId,
                card: outcome.card,
              },
              metadata: at(),
            } as const);
      const recorded = await stores.payments.handle(paymentId, command, options);
      if (recorded.position !== null) deps.onRecorded?.(outcome.status);
      // A decline reported after the confirmation (late or reordered) leaves the payment succeeded.
      if (recorded.state.status === 'succeeded')
        return completeSucceeded(recorded.state, recorded.position, options);
      if (outcome.status === 'succeeded') throw new Error(`Payment ${paymentId} did not record its success`);
      return { status: 'failed', code: outcome.code, message: outcome.message, position: recorded.position };
    },

    /** For a repeated confirmation of a payment billing already recorded as succeeded. */
    async resume(paymentId: string, options: CommandOptions): Promise<Settlement | null> {
      const { state: payment } = await stores.payments.read(paymentId);
      return payment.status === 'succeeded' ? completeSucceeded(payment, null, options) : null;
    },
  };
}

function later(a: Position | null, b: Position | null): Position | null {
  if (a === null) return b;
  if (b === null) return a;
  return comparePositions(a, b) >= 0 ? a : b;
}

export type SettlementService = ReturnType<typeof createSettlement>;
