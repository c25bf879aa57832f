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
 * A charge of a saved method, decided at once as Stripe's `confirm: true` is: the saved 0341 card declines, a card
 * past its expiry month (by the injected clock) has expired, others pay. The 3184 card asks for 3-D Secure: nobody
 * is present to give it to a renewal's charge (`off_session`), which declines; with its holder present (an
 * upgrade) it counts as given, as the Sandbox's checkout counts it, since the Sandbox has no bank page. The
 * idempotency key makes a retried charge answer as the first one did instead of charging again.
 */
export async function chargeSandboxSavedCard(
  context: { pool: pg.Pool; now: () => Date; newIntentId: () => string },
  input: OffSessionChargeInput,
  holder: 'absent' | 'present',
): Promise<PaymentOutcome> {
  const { pool, now } = context;
  assertChargeable(input.amountCents);
  const requested = intentFingerprint(holder === 'absent' ? 'off-session' : 'saved-card-present', input);
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
    const authenticated = holder === 'present' && method.off_session_result === 'authenticate';
    const decline =
      method.off_session_result !== 'succeed' && !authenticated
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
       VALUES ($1, $2, $3, $4, $5, $6, $7, false, $18, $8, $9, $10, $11, $12, $13, $14, $15, $16, 1, $17, $17)
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
        holder === 'absent',
      ],
    );
    if (created[0]) return outcomeOf(created[0]);
    // The same key charged concurrently: that charge committed first and is the answer.
    const concurrent = await intentByIdempotencyKey(client, input.idempotencyKey, false);
    if (!concurrent) throw new Error('The sandbox charge was neither created nor found');
    return replayed(concurrent, requested);
  });
}
