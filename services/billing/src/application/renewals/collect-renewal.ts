import type { CommandOptions } from '@app/eventing';
import type { AttemptOutcome } from '../../domain/invoice/commands.js';
import type { CollectionAttempt, IssuedInvoice } from '../../domain/invoice/invoice.js';
import type { RenewalWork } from '../../domain/renewal/due-work.js';
import type { RenewalPolicy } from '../../domain/renewal/renewal-cycle.js';
import type { PaymentOutcome, PaymentProvider } from '../../payments/payment-provider.js';
import type { BillingStores } from '../billing-stores.js';
import { renewalChargeKey, renewalPaymentId } from './renewal-ids.js';

export type CollectResult = 'paid' | 'declined' | 'overdue' | 'nothing-to-do';

/** What an attempt came to, with the provider's words for a decline (shown to a customer who pressed Pay now). */
export interface Collected {
  result: CollectResult;
  declineMessage: string | null;
}

const noAttempt: Collected = { result: 'nothing-to-do', declineMessage: null };

export interface CollectDeps {
  stores: BillingStores;
  provider: PaymentProvider;
  now: () => Date;
  policy: RenewalPolicy;
  /** Told once per charge outcome actually recorded (a resumed attempt records nothing new); the payments metric. */
  onPaymentRecorded?: (outcome: PaymentOutcome['status']) => void;
}

type Collect = Extract<RenewalWork, { kind: 'collect' }>;

/**
 * One collection attempt of a renewal invoice, from the invoice's own stream rather than the view dueWork read
 * (which may lag): the attempt is recorded with the card it charges, the card is charged off-session under a key
 * for this invoice and attempt, then the payment and the invoice's outcome are recorded. An attempt cut short
 * (billing stopped after the charge) is resumed with its recorded card and key, so the provider answers as before
 * instead of charging again.
 */
export function createRenewalCollector(deps: CollectDeps) {
  const { stores, provider, now, policy } = deps;

  async function begin(
    invoice: IssuedInvoice,
    work: Pick<Collect, 'attempt' | 'payer'>,
    options: CommandOptions,
  ): Promise<CollectionAttempt | null> {
    if (invoice.inFlight !== null) return invoice.inFlight;
    const { payer } = work;
    // A view that lagged asked for an attempt already made, or not yet due: nothing to do now.
    if (payer === null || work.attempt !== invoice.attempts + 1) return null;
    const due = invoice.nextAttemptAt !== null && Date.parse(invoice.nextAttemptAt) <= now().getTime();
    if (invoice.status === 'pending' && !due) return null;
    const result = await stores.invoices.handle(
      invoice.invoiceId,
      {
        type: 'StartPaymentAttempt',
        data: {
          invoiceId: invoice.invoiceId,
          attempt: work.attempt,
          paymentId: renewalPaymentId(invoice.invoiceId, work.attempt),
          providerCustomerId: payer.providerCustomerId,
          paymentMethodId: payer.paymentMethodId,
        },
        metadata: { now: iso(now()) },
      },
      options,
    );
    return result.state.status === 'absent' ? null : result.state.inFlight;
  }

  return {
    /** `actorId`: who asked, the renewal runner unless a customer pressed Pay now. */
    async collect(
      work: Pick<Collect, 'invoiceId' | 'attempt' | 'payer' | 'plan'>,
      actorId = 'billing-renewals',
    ): Promise<Collected> {
      const options = { metadata: { actorId, correlationId: work.invoiceId } };
      const { state: invoice } = await stores.invoices.read(work.invoiceId);
      if (invoice.status === 'absent' || invoice.status === 'paid') return noAttempt;
      const attempt = await begin(invoice, work, options);
      if (attempt === null) return noAttempt;

      const { invoiceId, productId, userId, tenantId, amountCents, currency } = invoice;
      const outcome = await provider.chargeOffSession({
        amountCents,
        currency,
        customerId: attempt.providerCustomerId,
        paymentMethodId: attempt.paymentMethodId,
        metadata: { paymentId: attempt.paymentId, productId, userId, tenantId },
        idempotencyKey: renewalChargeKey(invoiceId, attempt.attempt),
      });
      const charged = await stores.payments.handle(
        attempt.paymentId,
        {
          type: 'RecordOffSessionCharge',
          data: {
            paymentId: attempt.paymentId,
            kind: 'renewal',
            invoiceId,
            userId,
            tenantId,
            productId,
            plan: work.plan,
            amountCents,
            currency,
            provider: provider.name,
            providerCustomerId: attempt.providerCustomerId,
            outcome,
          },
          metadata: { now: iso(now()) },
        },
        options,
      );
      if (charged.position !== null) deps.onPaymentRecorded?.(outcome.status);
      const recorded = await stores.invoices.handle(
        invoiceId,
        {
          type: 'RecordAttemptOutcome',
          data: {
            invoiceId,
            attempt: attempt.attempt,
            paymentId: attempt.paymentId,
            outcome: attemptOutcome(outcome),
            retryAfterDays: policy.retryAfterDays,
          },
          metadata: { now: iso(now()) },
        },
        options,
      );
      const status = recorded.state.status;
      const declineMessage = outcome.status === 'succeeded' ? null : outcome.message;
      if (status === 'paid') return { result: 'paid', declineMessage };
      const result = status === 'overdue' && invoice.status === 'pending' ? 'overdue' : 'declined';
      return { result, declineMessage };
    },
  };
}

function attemptOutcome(outcome: PaymentOutcome): AttemptOutcome {
  if (outcome.status === 'succeeded') return { status: 'succeeded' };
  const { code, declineCode, message } = outcome;
  return { status: 'failed', code, declineCode, message };
}

const iso = (date: Date) => date.toISOString();
