import type pg from 'pg';
import { inTransaction } from '@app/eventing';
import type { OffSessionChargeInput, PaymentOutcome } from '../payment-provider.js';
import { ProviderResourceMissingError } from '../provider-errors.js';
import {
  assertChargeable,
  intentByIdempotencyKey,
  intentFingerprint,
  outcomeOf,
  replayed,
  type IntentRow,
  type PaymentMethodRow,
} from './sandbox-store.js';
import { cardDeclines, isExpired } from './test-cards.js';

const offSessionDeclines = {
  decline: cardDeclines.generic,
  authenticate: cardDeclines.authenticationRequired,
} as const;

/**
 * A renewal's charge of a saved method, decided at once as Stripe's `off_session: true, confirm: true` is: the
 * saved 0341 card declines, the 3184 card asks for 3-D Secure that nobody is present to give, a card past its
 * expiry month (by the injected clock) has expired, others pay. The idempotency key makes a retried charge
 * answer as the first one did instead of charging again.
 */
export async function chargeSandboxOffSession(
  context: { pool: pg.Pool; now: () => Date; newIntentId: () => string },
  input: OffSessionChargeInput,
): Promise<PaymentOutcome> {
  const { pool, now } = context;
  assertChargeable(input.amountCents);
  const requested = intentFingerprint('off-session', input);
  return inTransaction(pool, async (client) => {
    const earlier = await intentByIdempotencyKey(client, input.idempotencyKey, false);
    if (earlier) return replayed(earlier, requested);

    const { rows } = await client.query<PaymentMethodRow>(
      'SELECT * FROM sandbox_payment_methods WHERE id = $1 AND customer_id = $2',
      [input.paymentMethodId, input.customerId],
    );
    const method = rows[0];
    if (!method) throw new ProviderResourceMissingError('payment_method', input.paymentMethodId);

    const at = now();
    const decline =
      method.off_session_result !== 'succeed'
        ? offSessionDeclines[method.off_session_result]
        : isExpired(method.exp_month, method.exp_year, at)
          ? cardDeclines.expired
          : null;
    const id = context.newIntentId();
    const { rows: created } = await client.query<IntentRow>(
      `INSERT INTO sandbox_payment_intents (id, idempotency_key, request_fingerprint, amount_cents, currency,
         customer_id, metadata, save_payment_method, off_session, status, payment_method_id, card_brand,
         card_last4, card_exp_month, card_exp_year, last_error_code, last_error_decline_code,
         last_error_message, attempts, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, false, true, $8, $9, $10, $11, $12, $13, $14, $15, $16, 1, $17, $17)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING *`,
      [
        id,
        input.idempotencyKey,
        requested,
        input.amountCents,
        input.currency,
        input.customerId,
        input.metadata,
        decline ? 'requires_payment_method' : 'succeeded',
        method.id,
        method.brand,
        method.last4,
        method.exp_month,
        method.exp_year,
        decline?.code ?? null,
        decline?.declineCode ?? null,
        decline?.message ?? null,
        at,
      ],
    );
    if (created[0]) return outcomeOf(created[0]);
    // The same key charged concurrently: that charge committed first and is the answer.
    const concurrent = await intentByIdempotencyKey(client, input.idempotencyKey, false);
    if (!concurrent) throw new Error('The sandbox charge was neither created nor found');
    return replayed(concurrent, requested);
  });
}
