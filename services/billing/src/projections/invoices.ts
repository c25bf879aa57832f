import type pg from 'pg';
import { invoiceEventTypes } from '../domain/invoice/events.js';
import type { Projection, RecordedEvent } from '@app/eventing';
import { invoices } from '../application/invoices.js';

/**
 * The `invoices` read model (migrations/003_invoices.sql, 053_renewals.sql): GET /api/invoices, and the renewal
 * runner's view of what is billed and what is still to collect (a renewal is charged at issue, so its first
 * attempt is due then).
 */
export const invoicesProjection: Projection = {
  name: 'billing.invoices.v1',
  eventTypes: invoiceEventTypes,
  apply: applyInvoiceEvent,
  async reset(tx) {
    await tx.query('TRUNCATE invoices');
  },
};

async function applyInvoiceEvent(recorded: RecordedEvent, tx: pg.PoolClient): Promise<void> {
  const event = invoices.decode(recorded);
  switch (event.type) {
    case 'InvoiceIssued': {
      const data = event.data;
      await tx.query(
        `INSERT INTO invoices (id, number, user_id, tenant_id, subscription_id, product_id, payment_id,
           amount_cents, currency, status, period_start, period_end, issued_at, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12,
           CASE WHEN $7::uuid IS NULL THEN $12::timestamptz END)
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
      await tx.query(
        `UPDATE invoices SET status = 'paid', payment_id = $2, paid_at = $3, next_attempt_at = NULL,
           attempts = coalesce(attempt_in_flight, attempts), attempt_in_flight = NULL
         WHERE id = $1`,
        [event.data.invoiceId, event.data.paymentId, event.data.paidAt],
      );
      return;
    case 'InvoicePaymentAttempted':
      await tx.query(
        `UPDATE invoices SET attempt_in_flight = $2, last_attempt_at = $3, next_attempt_at = NULL WHERE id = $1`,
        [event.data.invoiceId, event.data.attempt, event.data.attemptedAt],
      );
      return;
    case 'InvoicePaymentFailed':
      await tx.query(
        `UPDATE invoices SET attempts = $2, attempt_in_flight = NULL, next_attempt_at = $3,
           last_failure_message = $4
         WHERE id = $1`,
        [event.data.invoiceId, event.data.attempt, event.data.nextAttemptAt, event.data.message],
      );
      return;
    case 'InvoiceOverdue':
      await tx.query(
        `UPDATE invoices SET status = 'overdue', overdue_at = $2, next_attempt_at = NULL
         WHERE id = $1 AND status = 'pending'`,
        [event.data.invoiceId, event.data.overdueAt],
      );
      return;
  }
}
