import type pg from 'pg';
import { invoiceEventTypes } from '@app/contracts';
import type { Projection, RecordedEvent } from '@app/eventing';
import { decodeInvoiceEvent } from '../application/streams.js';

/** The `invoices` read model (migrations/003_invoices.sql), for GET /api/invoices. */
export const invoicesProjection: Projection = {
  name: 'billing.invoices.v1',
  eventTypes: invoiceEventTypes,
  apply: applyInvoiceEvent,
  async reset(tx) {
    await tx.query('TRUNCATE invoices');
  },
};

async function applyInvoiceEvent(recorded: RecordedEvent, tx: pg.PoolClient): Promise<void> {
  const event = decodeInvoiceEvent(recorded);
  switch (event.type) {
    case 'InvoiceIssued': {
      const data = event.data;
      await tx.query(
        `INSERT INTO invoices (id, number, user_id, tenant_id, subscription_id, product_id, payment_id,
           amount_cents, currency, status, period_start, period_end, issued_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12)
         ON CONFLICT (id) DO NOTHING`,
        [
          data.invoiceId,
          data.number,
          data.userId,
          data.tenantId,
          data.subscriptionId,
          data.productId,
          data.paymentId,
          data.amountCents,
          data.currency,
          data.periodStart,
          data.periodEnd,
          data.issuedAt,
        ],
      );
      return;
    }
    case 'InvoicePaid':
      await tx.query(`UPDATE invoices SET status = 'paid', payment_id = $2, paid_at = $3 WHERE id = $1`, [
        event.data.invoiceId,
        event.data.paymentId,
        event.data.paidAt,
      ]);
      return;
  }
}
