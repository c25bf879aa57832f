import type pg from 'pg';
import { billingIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';
import { enqueueEmail } from '../outbox/enqueue-email.js';
import type { AppLinks } from './app-links.js';
import { productNameOf } from './copies.js';
import { recordPaidPeriod } from './paid-periods.js';

/**
 * Billing's events that call for mail, queued in the transaction that records the message (README "Sends"). The
 * receipt goes to the user who bought (the invoice's `userId`), as the invoice is addressed to them. A paid
 * invoice's period is kept whatever the switches say, for the date a cancellation takes effect.
 */
export function billingMessageHandler(links: AppLinks, now: () => Date) {
  return async (envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> => {
    const parsed = billingIntegrationEventSchema.safeParse(envelope);
    if (!parsed.success) return;
    const event = parsed.data;
    if (event.type !== 'billing.invoice.paid.v1') return;
    await recordPaidPeriod(tx, event.data);
    const { invoiceId, number, userId, productId, amountCents, currency, periodStart, periodEnd, paidAt } =
      event.data;
    const productName = await productNameOf(tx, productId);
    await enqueueEmail(tx, {
      eventId: event.id,
      message: 'receipt',
      userId,
      now: now(),
      payload: (recipient) => ({
        firstName: recipient.firstName,
        invoiceId,
        number,
        amountCents,
        currency,
        paidAt,
        productName,
        // Messages published before billing added the period carry none; the receipt then leaves it out.
        periodStart: periodStart ?? null,
        periodEnd: periodEnd ?? null,
        invoiceUrl: links.invoicePage(invoiceId),
        pdfUrl: links.invoicePdf(invoiceId),
      }),
    });
  };
}
