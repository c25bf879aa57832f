import type pg from 'pg';
import type { RenewalWork } from '../../domain/renewal/due-work.js';
import type { BillingStores } from '../billing-stores.js';
import { allocateInvoiceNumber } from '../invoice-numbers.js';
import { renewalInvoiceId } from './renewal-ids.js';

type Issue = Extract<RenewalWork, { kind: 'issue' }>;

/**
 * Issues a period's renewal invoice to the subscription's payer, pending, for the subscription's agreed monthly
 * amount. Its id comes from the subscription and period, so a second runner or a stale view issues nothing
 * more; checking first keeps such a repeat from taking an invoice number for nothing.
 */
export async function issueRenewal(
  deps: { pool: pg.Pool; stores: BillingStores; now: () => Date },
  work: Issue,
): Promise<{ invoiceId: string; issued: boolean }> {
  const { subscription, period } = work;
  const invoiceId = renewalInvoiceId(subscription.subscriptionId, period.start);
  if ((await deps.stores.invoices.read(invoiceId)).state.status !== 'absent')
    return { invoiceId, issued: false };
  const result = await deps.stores.invoices.handle(
    invoiceId,
    {
      type: 'IssueInvoice',
      data: {
        invoiceId,
        number: await allocateInvoiceNumber(deps.pool),
        userId: subscription.payer.userId,
        tenantId: subscription.tenantId,
        subscriptionId: subscription.subscriptionId,
        productId: subscription.productId,
        amountCents: subscription.amountCents,
        currency: 'usd',
        settledBy: null,
        period: { start: period.start, end: period.end },
      },
      metadata: { now: deps.now().toISOString() },
    },
    { metadata: { actorId: 'billing-renewals', correlationId: invoiceId } },
  );
  return { invoiceId, issued: result.newEvents.length > 0 };
}
