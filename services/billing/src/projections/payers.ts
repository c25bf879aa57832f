import type pg from 'pg';
import { customerEventTypes } from '../domain/customer/events.js';
import { paymentEventTypes } from '../domain/payment/events.js';
import { categoryOf, type Projection, type RecordedEvent } from '@app/eventing';
import { customers } from '../application/customers.js';
import { payments } from '../application/payments.js';

/**
 * The `payers` read model (migrations/052_payers.sql): each buyer's customer at a provider and the card their
 * latest checkout saved, which renewals charge off-session. A checkout saves a card only when the provider says
 * so (`paymentMethodId` set); one that saved none, and a renewal's charge, leave the saved card as it is.
 */
export const payersProjection: Projection = {
  name: 'billing.payers.v1',
  eventTypes: [...customerEventTypes, ...paymentEventTypes],
  apply: applyPayerEvent,
  async reset(tx) {
    await tx.query('TRUNCATE payers');
  },
};

async function applyPayerEvent(recorded: RecordedEvent, tx: pg.PoolClient): Promise<void> {
  const category = categoryOf(recorded.streamName);
  if (category === customers.category) {
    const { userId, provider, providerCustomerId } = customers.decode(recorded).data;
    await tx.query(
      `INSERT INTO payers (user_id, provider, provider_customer_id) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, provider) DO UPDATE SET provider_customer_id = $3`,
      [userId, provider, providerCustomerId],
    );
    return;
  }
  if (category !== payments.category) return;
  const event = payments.decode(recorded);
  if (event.type !== 'PaymentSucceeded' || event.data.kind !== 'checkout') return;
  const { userId, provider, paymentMethodId, card, succeededAt } = event.data;
  if (paymentMethodId === null) return;
  // The customer was recorded before the payment was opened; an older success replayed late changes nothing.
  await tx.query(
    `UPDATE payers SET payment_method_id = $3, card_brand = $4, card_last4 = $5, method_saved_at = $6
     WHERE user_id = $1 AND provider = $2 AND (method_saved_at IS NULL OR method_saved_at <= $6)`,
    [userId, provider, paymentMethodId, card?.brand ?? null, card?.last4 ?? null, succeededAt],
  );
}
