import type pg from 'pg';
import { paymentEventTypes, type PaymentEvent, type PaymentKind } from '../domain/payment/events.js';
import { foldedProjection } from '@app/eventing';
import { payments } from '../application/payments.js';

/** A payments row as the projection keeps it; names follow the table's columns. */
type PaymentRow = {
  id: string;
  provider: string;
  provider_payment_id: string;
  user_id: string;
  tenant_id: string | null;
  product_id: string;
  amount_cents: number;
  status: 'pending' | 'succeeded' | 'failed';
  failures: number;
  last_failure_message: string | null;
  card_brand: string | null;
  card_last4: string | null;
  created_at: string;
  updated_at: string;
  kind: PaymentKind;
  invoice_id: string | null;
};

/**
 * The `payments` read model (migrations/002_payments.sql): which buyer a provider payment belongs to, so a
 * Sandbox confirmation is checked against its owner before the card is charged. A batch is folded in memory and
 * written in one statement (@app/eventing foldedProjection).
 */
export const paymentsProjection = foldedProjection<PaymentRow, PaymentEvent>({
  name: 'billing.payments.v1',
  eventTypes: paymentEventTypes,
  table: 'payments',
  key: ['id'],
  columns: [
    'id',
    'provider',
    'provider_payment_id',
    'user_id',
    'tenant_id',
    'product_id',
    'amount_cents',
    'status',
    'failures',
    'last_failure_message',
    'card_brand',
    'card_last4',
    'created_at',
    'updated_at',
    'kind',
    'invoice_id',
  ],
  decode: (recorded) => payments.decode(recorded),
  rowKeyOf: (event) => ({ id: event.data.paymentId }),
  fold: foldPaymentEvent,
  async reset(tx) {
    await tx.query('TRUNCATE payments');
  },
});

/** A payment's row after one of its events; an event about a payment not (yet) created changes nothing. */
function foldPaymentEvent(row: PaymentRow | undefined, event: PaymentEvent): PaymentRow | undefined {
  if (event.type === 'PaymentCreated') {
    if (row) return row;
    const data = event.data;
    return {
      id: data.paymentId,
      provider: data.provider,
      provider_payment_id: data.providerPaymentId,
      user_id: data.userId,
      tenant_id: data.tenantId,
      product_id: data.productId,
      amount_cents: data.amountCents,
      status: 'pending',
      failures: 0,
      last_failure_message: null,
      card_brand: null,
      card_last4: null,
      created_at: data.createdAt,
      updated_at: data.createdAt,
      kind: data.kind,
      invoice_id: data.invoiceId ?? null,
    };
  }
  if (!row) return row;
  if (event.type === 'PaymentFailed') {
    return {
      ...row,
      failures: row.failures + 1,
      last_failure_message: event.data.message,
      updated_at: event.data.failedAt,
      // An off-session charge declined is final; a checkout waits for another card.
      status: row.kind === 'checkout' ? row.status : 'failed',
    };
  }
  return {
    ...row,
    status: 'succeeded',
    card_brand: event.data.card?.brand ?? null,
    card_last4: event.data.card?.last4 ?? null,
    updated_at: event.data.succeededAt,
  };
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
