import { customerEventTypes } from '../domain/customer/events.js';
import { paymentEventTypes } from '../domain/payment/events.js';
import { categoryOf, foldedProjection, type RecordedEvent } from '@app/eventing';
import { customers } from '../application/customers.js';
import { payments } from '../application/payments.js';
import type { StoredCard } from '../domain/stored-card.js';

/** A payers row as the projection keeps it; names follow the table's columns. */
type PayerRow = {
  user_id: string;
  provider: string;
  provider_customer_id: string;
  payment_method_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  method_saved_at: string | null;
};

/**
 * What a payers row learns from an event: the buyer's customer at a provider, or the card a checkout or a card
 * change saved.
 */
type PayerFact =
  | { kind: 'customer'; userId: string; provider: string; providerCustomerId: string }
  | {
      kind: 'saved-card';
      userId: string;
      provider: string;
      paymentMethodId: string;
      card: StoredCard | null;
      savedAt: string;
    }
  | { kind: 'none' };

/**
 * The `payers` read model (migrations/052_payers.sql, 306_card_on_file.sql): each buyer's customer at a provider
 * and the card on file, which renewals, retries and Pay now charge off-session: the newest saved, by a checkout
 * (when the provider says it saved one, `paymentMethodId` set) or by a card change (`PaymentMethodSaved`). A
 * checkout that saved none, and a renewal's charge, leave it as it is. A card from an event stored before expiry
 * was kept has none here. A batch is folded in memory and written in one statement (@app/eventing
 * foldedProjection).
 */
export const payersProjection = foldedProjection<PayerRow, PayerFact>({
  name: 'billing.payers.v1',
  eventTypes: [...customerEventTypes, ...paymentEventTypes],
  table: 'payers',
  key: ['user_id', 'provider'],
  columns: [
    'user_id',
    'provider',
    'provider_customer_id',
    'payment_method_id',
    'card_brand',
    'card_last4',
    'card_exp_month',
    'card_exp_year',
    'method_saved_at',
  ],
  decode: payerFact,
  rowKeyOf: (fact) => (fact.kind === 'none' ? null : { user_id: fact.userId, provider: fact.provider }),
  fold: foldPayerFact,
  async reset(tx) {
    await tx.query('TRUNCATE payers');
  },
});

function payerFact(recorded: RecordedEvent): PayerFact {
  const category = categoryOf(recorded.streamName);
  if (category === customers.category) {
    const event = customers.decode(recorded);
    if (event.type === 'CustomerCreated') {
      const { userId, provider, providerCustomerId } = event.data;
      return { kind: 'customer', userId, provider, providerCustomerId };
    }
    if (event.type !== 'PaymentMethodSaved') return { kind: 'none' };
    const { userId, provider, paymentMethodId, card, savedAt } = event.data;
    return { kind: 'saved-card', userId, provider, paymentMethodId, card, savedAt };
  }
  if (category !== payments.category) return { kind: 'none' };
  const event = payments.decode(recorded);
  if (event.type !== 'PaymentSucceeded' || event.data.kind !== 'checkout') return { kind: 'none' };
  const { userId, provider, paymentMethodId, card, succeededAt } = event.data;
  if (paymentMethodId === null) return { kind: 'none' };
  return { kind: 'saved-card', userId, provider, paymentMethodId, card, savedAt: succeededAt };
}

function foldPayerFact(row: PayerRow | undefined, fact: PayerFact): PayerRow | undefined {
  if (fact.kind === 'customer') {
    if (row) return { ...row, provider_customer_id: fact.providerCustomerId };
    return {
      user_id: fact.userId,
      provider: fact.provider,
      provider_customer_id: fact.providerCustomerId,
      payment_method_id: null,
      card_brand: null,
      card_last4: null,
      card_exp_month: null,
      card_exp_year: null,
      method_saved_at: null,
    };
  }
  // The customer was recorded before the payment was opened; an older success replayed late changes nothing.
  if (fact.kind === 'none' || !row) return row;
  if (row.method_saved_at !== null && Date.parse(row.method_saved_at) > Date.parse(fact.savedAt)) return row;
  return {
    ...row,
    payment_method_id: fact.paymentMethodId,
    card_brand: fact.card?.brand ?? null,
    card_last4: fact.card?.last4 ?? null,
    card_exp_month: fact.card?.expMonth ?? null,
    card_exp_year: fact.card?.expYear ?? null,
    method_saved_at: fact.savedAt,
  };
}
