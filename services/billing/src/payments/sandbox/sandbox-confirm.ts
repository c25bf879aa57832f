import type pg from 'pg';
import { inTransaction } from '@app/eventing';
import type { PaymentOutcome } from '../payment-provider.js';
import {
  InvalidClientSecretError,
  PaymentIntentUnexpectedStateError,
  ProviderResourceMissingError,
} from '../provider-errors.js';
import type { SandboxConfirmation, SandboxConfirmInput } from './sandbox-provider.js';
import { clientSecretMatches, intentIdOf } from './sandbox-secrets.js';
import { failedOutcome, saveMethod, type IntentRow } from './sandbox-store.js';
import { evaluateCard } from './test-cards.js';

/** Stripe's sentences where it has one, so the checkout shows what it would show with Stripe. */
const malformedSecret =
  'Invalid client secret: expected the form pi_…_secret_… that creating the payment returned.';
const mismatchedSecret =
  'The client_secret provided does not match the client_secret associated with the PaymentIntent.';
const alreadySucceeded =
  'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.';

/**
 * Confirms an on-session intent with the browser's card, the way Stripe does: the intent row is locked for the
 * attempt, so of two concurrent confirms one decides and the other then finds it succeeded (or tries its own card
 * after a decline). A decline leaves the intent `requires_payment_method` for another card. Only brand, last four
 * and expiry of an approved card are kept, and only when it is saved for renewals.
 */
export async function confirmSandboxPayment(
  context: { pool: pg.Pool; now: () => Date; newPaymentMethodId: () => string },
  input: SandboxConfirmInput,
): Promise<SandboxConfirmation> {
  const intentId = intentIdOf(input.clientSecret);
  if (intentId === null) throw new InvalidClientSecretError(malformedSecret);

  return inTransaction(context.pool, async (client) => {
    const { rows } = await client.query<IntentRow>(
      'SELECT * FROM sandbox_payment_intents WHERE id = $1 FOR UPDATE',
      [intentId],
    );
    const intent = rows[0];
    if (!intent) throw new ProviderResourceMissingError('payment_intent', intentId);
    if (!clientSecretMatches(input.clientSecret, intent.client_secret_hash)) {
      throw new InvalidClientSecretError(mismatchedSecret);
    }
    if (intent.status === 'succeeded') throw new PaymentIntentUnexpectedStateError(alreadySucceeded);

    const at = context.now();
    const evaluation = evaluateCard(input.card, at);
    let outcome: PaymentOutcome;
    if (!evaluation.approved) {
      const { decline } = evaluation;
      await client.query(
        `UPDATE sandbox_payment_intents
         SET last_error_code = $2, last_error_decline_code = $3, last_error_message = $4,
             attempts = attempts + 1, updated_at = $5
         WHERE id = $1`,
        [intent.id, decline.code, decline.declineCode, decline.message, at],
      );
      outcome = failedOutcome(intent.id, decline);
    } else {
      let paymentMethodId: string | null = null;
      if (intent.save_payment_method) {
        paymentMethodId = context.newPaymentMethodId();
        await saveMethod(client, { id: paymentMethodId, customerId: intent.customer_id, evaluation, at });
      }
      await client.query(
        `UPDATE sandbox_payment_intents
         SET status = 'succeeded', payment_method_id = $2, card_brand = $3, card_last4 = $4,
             card_exp_month = $5, card_exp_year = $6,
             last_error_code = NULL, last_error_decline_code = NULL, last_error_message = NULL,
             attempts = attempts + 1, updated_at = $7
         WHERE id = $1`,
        [
          intent.id,
          paymentMethodId,
          evaluation.card.brand,
          evaluation.card.last4,
          evaluation.expMonth,
          evaluation.expYear,
          at,
        ],
      );
      outcome = {
        status: 'succeeded',
        providerPaymentId: intent.id,
        paymentMethodId,
        card: evaluation.card,
      };
    }
    return { ...outcome, metadata: intent.metadata, amountCents: intent.amount_cents };
  });
}
