import { invoices } from '../../../services/billing/src/application/invoices.js';
import { formatInvoiceNumber } from '../../../services/billing/src/application/invoice-numbers.js';
import { invoiceEventSchema } from '../../../services/billing/src/domain/invoice/events.js';
import { benchId, type BenchSubscription } from '../dataset.js';
import { storedStream, type StreamAppend } from './stored-stream.js';

/**
 * The paid invoice of the checkout that bought a subscription: issued and paid at once (billing's IssueInvoice
 * with `settledBy`), by the tenant's owner, for the tenant, billing a month from the start. `number` comes from
 * billing's own invoice number sequence.
 */
export function checkoutInvoiceStream(subscription: BenchSubscription, number: bigint): StreamAppend {
  const invoiceId = benchId(`invoice:${subscription.subscriptionId}`, Date.parse(subscription.startedAt));
  const paymentId = benchId(`payment:${subscription.subscriptionId}`, Date.parse(subscription.startedAt));
  return storedStream(invoices, invoiceEventSchema, invoiceId, [
    {
      type: 'IssueInvoice',
      data: {
        invoiceId,
        number: formatInvoiceNumber(number),
        userId: subscription.ownerId,
        tenantId: subscription.tenantId,
        subscriptionId: null,
        productId: subscription.productId,
        amountCents: subscription.amountCents,
        currency: 'usd',
        settledBy: paymentId,
      },
      metadata: { now: subscription.startedAt },
    },
  ]);
}
