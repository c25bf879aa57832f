import type pg from 'pg';
import { paymentEventTypes } from '../domain/payment/events.js';
import type { Projection, RecordedEvent } from '@app/eventing';
import { payments } from '../application/payments.js';

/**
 * The `payments` read model (migrations/002_payments.sql): which buyer a provider payment belongs to, so a
 * Sandbox confirmation is checked against its owner before the card is charged.
 */
export const paymentsProjection: Projection = {
  name: 'billing.payments.v1',
  eventTypes: paymentEventTypes,
  apply: applyPaymentEvent,
  async reset(tx) {
    await tx.query('TRUNCATE payments');
  },
};

async function applyPaymentEvent(recorded: RecordedEvent, tx: pg.PoolClient): Promise<void> {
  const event = payments.decode(recorded);
  switch (event.type) {
    case 'PaymentCreated': {
      const { paymentId, provider, providerPaymentId, userId, tenantId, productId, amountCents, createdAt } =
        event.data;
      await tx.query(
        `INSERT INTO payments (id, provider, provider_payment_id, user_id, tenant_id, product_id, amount_cents,
           status, created_at, updated_at, kind, invoice_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $8, $9, $10)
         ON CONFLICT (id) DO NOTHING`,
        [
          paymentId,
          provider,
          providerPaymentId,
          userId,
          tenantId,
          productId,
          amountCents,
          createdAt,
          event.data.kind,
          event.data.invoiceId ?? null,
        ],
      );
      return;
    }
    case 'PaymentFailed':
      // A renewal's declined charge is final; a checkout waits for another card.
      await tx.query(
        `UPDATE payments SET failures = failures + 1, last_failure_message = $2, updated_at = $3,
           status = CASE WHEN kind = 'renewal' THEN 'failed' ELSE status END
         WHERE id = $1`,
        [event.data.paymentId, event.data.message, event.data.failedAt],
      );
      return;
    case 'PaymentSucceeded':
      await tx.query(
        `UPDATE payments SET status = 'succeeded', card_brand = $2, card_last4 = $3, updated_at = $4
         WHERE id = $1`,
        [
          event.data.paymentId,
          event.data.card?.brand ?? null,
          event.data.card?.last4 ?? null,
          event.data.succeededAt,
        ],
      );
      return;
  }
}

export interface PaymentRecord {
  paymentId: string;
  userId: string;
  status: 'pending' | 'succeeded' | 'failed';
}

export async function findPaymentByProviderId(
  db: pg.Pool,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentRecord | null> {
  const { rows } = await db.query<{ id: string; user_id: string; status: PaymentRecord['status'] }>(
    'SELECT id, user_id, status FROM payments WHERE provider = $1 AND provider_payment_id = $2',
    [provider, providerPaymentId],
  );
  const row = rows[0];
  return row ? { paymentId: row.id, userId: row.user_id, status: row.status } : null;
}
