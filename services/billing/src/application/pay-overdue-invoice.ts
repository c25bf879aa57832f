import type pg from 'pg';
import { ConflictError, IllegalStateError, NotFoundError } from '@app/domain';
import type { RenewalPolicy } from '../domain/renewal/renewal-cycle.js';
import type { PaymentOutcome, PaymentProvider } from '../payments/payment-provider.js';
import type { BillingStores } from './billing-stores.js';
import { createRenewalCollector } from './renewals/collect-renewal.js';
import { billableSubscriptions } from './renewals/renewal-state.js';

export const invoiceNotFound = 'Invoice not found';
export const notOverdue =
  'Only an overdue invoice can be paid now; a pending one is retried on its own schedule';
export const noCardOnFile = 'There is no saved card to charge for this invoice';
export const paymentInProgress = 'A payment of this invoice is already in progress; try again in a moment';

export interface OverduePaymentDeps {
  pool: pg.Pool;
  stores: BillingStores;
  provider: PaymentProvider;
  now: () => Date;
  policy: RenewalPolicy;
  onPaymentRecorded?: (outcome: PaymentOutcome['status']) => void;
}

export type OverduePayment = { kind: 'paid' } | { kind: 'declined'; message: string };

/**
 * "Pay now" on an overdue renewal invoice (issue 19): one more collection attempt, made at once with the card on
 * file, through the renewal runner's own collector. Its attempt number comes from the invoice's stream and its
 * charge key from the attempt, so however often the button is pressed (or the runner's tick meets it) the card is
 * charged once; once paid, the invoice's published billing.invoice.paid.v1 makes tenancy reactivate the
 * subscription, as any paid renewal does.
 */
export function createOverduePayment(deps: OverduePaymentDeps) {
  const collector = createRenewalCollector(deps);
  const { stores, pool, provider } = deps;

  return async function payOverdueInvoice(invoiceId: string, userId: string): Promise<OverduePayment> {
    const { state: invoice } = await stores.invoices.read(invoiceId);
    if (invoice.status === 'absent' || invoice.userId !== userId) throw new NotFoundError(invoiceNotFound);
    if (invoice.status === 'paid') return { kind: 'paid' };
    const { subscriptionId } = invoice;
    if (invoice.status !== 'overdue' || subscriptionId === null) throw new IllegalStateError(notOverdue);
    const [subscription] = await billableSubscriptions(pool, provider.name, [subscriptionId], userId);
    if (!subscription?.payer) throw new IllegalStateError(noCardOnFile);
    const work = {
      invoiceId,
      attempt: invoice.attempts + 1,
      payer: subscription.payer,
      plan: subscription.plan,
    };
    const collected = await collector.collect(work, userId);
    if (collected.result === 'paid') return { kind: 'paid' };
    if (collected.result !== 'nothing-to-do') {
      return { kind: 'declined', message: collected.declineMessage ?? 'Your card was declined.' };
    }
    // Another attempt was recorded meanwhile (a second press, or the runner): it decided.
    const { state: now } = await stores.invoices.read(invoiceId);
    if (now.status === 'paid') return { kind: 'paid' };
    throw new ConflictError(paymentInProgress);
  };
}

export type PayOverdueInvoice = ReturnType<typeof createOverduePayment>;
