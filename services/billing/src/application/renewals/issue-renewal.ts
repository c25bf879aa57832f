import type pg from 'pg';
import type { EventStore } from '@app/eventing';
import type { RenewalWork } from '../../domain/renewal/due-work.js';
import type { BillingHandlers } from '../command-handlers.js';
import { allocateInvoiceNumber } from '../invoice-numbers.js';
import { invoiceStream, readInvoice } from '../streams.js';
import { renewalInvoiceId } from './renewal-ids.js';

type Issue = Extract<RenewalWork, { kind: 'issue' }>;

/**
 * Issues a period's renewal invoice to the subscription's payer, pending, for the subscription's agreed monthly
 * amount. Its id comes from the subscription and period, so a second runner or a stale view issues nothing
 * more; checking first keeps such a repeat from taking an invoice number for nothing.
 */
export async function issueRenewal(
  deps: { pool: pg.Pool; eventStore: EventStore; handlers: BillingHandlers; now: () => Date },
  work: Issue,
): Promise<{ invoiceId: string; issued: boolean }> {
  const { subscription, period } = work;
  const invoiceId = renewalInvoiceId(subscription.subscriptionId, period.start);
  if ((await readInvoice(deps.eventStore, invoiceId)).status !== 'absent')
    return { invoiceId, issued: false };
  const result = await deps.handlers.invoice(
    invoiceStream(invoiceId),
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
