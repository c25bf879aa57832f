import type pg from 'pg';
import type {
  CardSummary,
  OffSessionChargeInput,
  PaymentIntentInput,
  PaymentMetadata,
  PaymentOutcome,
} from '../payment-provider.js';
import { IdempotencyKeyReuseError, InvalidAmountError } from '../provider-errors.js';
import { fingerprint } from './sandbox-secrets.js';
import type { CardDecline, CardEvaluation, OffSessionResult } from './test-cards.js';

/**
 * Row shapes and small queries over the Sandbox's tables (migration 050), shared by its operations. The pool's
 * search_path is billing's schema, as for every other billing table.
 */
export interface IntentRow {
  id: string;
  request_fingerprint: string;
  client_secret_hash: string | null;
  amount_cents: number;
  customer_id: string;
  metadata: PaymentMetadata;
  save_payment_method: boolean;
  status: 'requires_payment_method' | 'succeeded';
  payment_method_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  last_error_code: string | null;
  last_error_decline_code: string | null;
  last_error_message: string | null;
}

export interface PaymentMethodRow {
  id: string;
  customer_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  off_session_result: OffSessionResult;
}

export async function customerExists(client: pg.PoolClient, customerId: string): Promise<boolean> {
  const { rowCount } = await client.query('SELECT 1 FROM sandbox_customers WHERE id = $1', [customerId]);
  return rowCount === 1;
}

/** A card the customer confirmed, kept for off-session charges: brand, last four, expiry and how it answers. */
export async function saveMethod(
  client: pg.PoolClient,
  method: {
    id: string;
    customerId: string;
    evaluation: Extract<CardEvaluation, { approved: true }>;
    at: Date;
  },
): Promise<void> {
  const { id, customerId, evaluation, at } = method;
  await client.query(
    `INSERT INTO sandbox_payment_methods
       (id, customer_id, brand, last4, exp_month, exp_year, off_session_result, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      customerId,
      evaluation.card.brand,
      evaluation.card.last4,
      evaluation.expMonth,
      evaluation.expYear,
      evaluation.offSession,
      at,
    ],
  );
}

export async function intentByIdempotencyKey(
  client: pg.PoolClient,
  idempotencyKey: string,
  lock: boolean,
): Promise<IntentRow | undefined> {
  const { rows } = await client.query<IntentRow>(
    `SELECT * FROM sandbox_payment_intents WHERE idempotency_key = $1${lock ? ' FOR UPDATE' : ''}`,
    [idempotencyKey],
  );
  return rows[0];
}

/** How an intent stands, as the port reports it; only decided intents (succeeded, or declined at least once). */
export function outcomeOf(row: IntentRow): PaymentOutcome {
  if (row.status === 'succeeded') {
    return {
      status: 'succeeded',
      providerPaymentId: row.id,
      paymentMethodId: row.payment_method_id,
      card: cardOfRow(row),
    };
  }
  if (row.last_error_code === null || row.last_error_message === null) {
    throw new Error(`Sandbox payment intent ${row.id} has not been attempted yet`);
  }
  return {
    status: 'failed',
    providerPaymentId: row.id,
    code: row.last_error_code,
    declineCode: row.last_error_decline_code,
    message: row.last_error_message,
  };
}

/** The card an intent was paid with; every paid intent saved or charged a method, which has the expiry. */
function cardOfRow(row: IntentRow): CardSummary | null {
  const { card_brand: brand, card_last4: last4, card_exp_month: expMonth, card_exp_year: expYear } = row;
  if (brand === null || last4 === null || expMonth === null || expYear === null) return null;
  return { brand, last4, expMonth, expYear };
}

export function failedOutcome(providerPaymentId: string, decline: CardDecline): PaymentOutcome {
  return { status: 'failed', providerPaymentId, ...decline };
}

/** Stripe's limits for USD charges, so a price the Sandbox accepts is one Stripe accepts too. */
const minimumCents = 50;
const maximumCents = 99_999_999;

/** An earlier request with the same key, answered as then; the key with other parameters is refused. */
export function replayed(row: IntentRow, requested: string): PaymentOutcome {
  if (row.request_fingerprint !== requested) throw new IdempotencyKeyReuseError();
  return outcomeOf(row);
}

export function intentFingerprint(
  kind: 'on-session' | 'off-session' | 'saved-card-present',
  input: PaymentIntentInput | OffSessionChargeInput,
): string {
  const { paymentId, productId, userId, tenantId } = input.metadata;
  const method = 'paymentMethodId' in input ? input.paymentMethodId : input.savePaymentMethod;
  return fingerprint([
    kind,
    input.amountCents,
    input.currency,
    input.customerId,
    method,
    paymentId,
    productId,
    userId,
    tenantId,
  ]);
}

export function assertChargeable(amountCents: number): void {
  if (!Number.isInteger(amountCents)) {
    throw new InvalidAmountError('parameter_invalid_integer', `Invalid integer: ${amountCents}`);
  }
  if (amountCents < minimumCents) {
    throw new InvalidAmountError('amount_too_small', 'Amount must be at least $0.50 usd');
  }
  if (amountCents > maximumCents) {
    throw new InvalidAmountError('amount_too_large', 'Amount must be no more than $999,999.99');
  }
}
