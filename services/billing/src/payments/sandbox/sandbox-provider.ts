import type pg from 'pg';
import { inTransaction } from '@app/eventing';
import type {
  CreatedPaymentIntent,
  PaymentMetadata,
  PaymentOutcome,
  PaymentProvider,
  RetrievedPayment,
  SetupMetadata,
} from '../payment-provider.js';
import { IdempotencyKeyReuseError, ProviderResourceMissingError } from '../provider-errors.js';
import { confirmSandboxPayment } from './sandbox-confirm.js';
import { chargeSandboxSavedCard } from './sandbox-off-session.js';
import { createSandboxSetups, type SandboxSetupConfirmation } from './sandbox-setup.js';
import { fingerprint, hashClientSecret, newClientSecret, randomIdPart } from './sandbox-secrets.js';
import {
  assertChargeable,
  customerExists,
  intentByIdempotencyKey,
  intentFingerprint,
  outcomeOf,
  type IntentRow,
} from './sandbox-store.js';
import type { SandboxCard } from './test-cards.js';

export interface SandboxProviderOptions {
  /** Billing's pool; its search_path is the billing schema holding the sandbox_* tables. */
  pool: pg.Pool;
  now?: () => Date;
  /** The random part of new ids (letters and digits); tests pin it. Client secrets stay crypto-random. */
  newId?: () => string;
}

export interface SandboxConfirmInput {
  clientSecret: string;
  card: SandboxCard;
}

/** What `POST /api/billing/sandbox/confirm` learns: the outcome and what the intent was for. */
export type SandboxConfirmation = PaymentOutcome & { metadata: PaymentMetadata; amountCents: number };

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  readonly publishableKey: null;
  /** The browser's card, as Stripe.js would confirm it. Declines are outcomes; a bad secret or state throws. */
  confirmPayment(input: SandboxConfirmInput): Promise<SandboxConfirmation>;
  /** The billing payment an intent was opened for (its metadata, as Stripe's retrieve gives it); null if none. */
  paymentIdOf(providerPaymentId: string): Promise<string | null>;
  /** The browser's card for a SetupIntent: saved for off-session charges, or declined as a checkout would be. */
  confirmSetup(input: SandboxConfirmInput): Promise<SandboxSetupConfirmation>;
  /** The billing setup and buyer a Sandbox setup was opened for; null if none. */
  setupMetadataOf(providerSetupId: string): Promise<SetupMetadata | null>;
}

/**
 * The embedded default provider (ARCHITECTURE.md "Payments and billing"): Stripe's PaymentIntent flow without a
 * network, kept in billing's database. Card numbers and CVCs are evaluated in memory and dropped; nothing here
 * logs.
 */
export function createSandboxProvider(options: SandboxProviderOptions): SandboxProvider {
  const { pool } = options;
  const now = options.now ?? (() => new Date());
  const newId = (prefix: string) => {
    const part = (options.newId ?? randomIdPart)();
    if (!/^[A-Za-z0-9]+$/.test(part)) throw new Error('Sandbox ids take letters and digits only');
    return `${prefix}_sandbox_${part}`;
  };
  const setups = createSandboxSetups({ pool, now, newId });

  async function retrievePayment(providerPaymentId: string): Promise<RetrievedPayment> {
    const { rows } = await pool.query<IntentRow>('SELECT * FROM sandbox_payment_intents WHERE id = $1', [
      providerPaymentId,
    ]);
    const intent = rows[0];
    if (!intent) throw new ProviderResourceMissingError('payment_intent', providerPaymentId);
    const decided = intent.status === 'succeeded' || intent.last_error_code !== null;
    return decided ? outcomeOf(intent) : { status: 'pending', providerPaymentId };
  }

  return {
    name: 'sandbox',
    publishableKey: null,

    async createCustomer({ userId, email, idempotencyKey }) {
      const requested = fingerprint(['customer', userId, email]);
      const inserted = await pool.query<{ id: string; request_fingerprint: string }>(
        `INSERT INTO sandbox_customers (id, idempotency_key, request_fingerprint, user_id, email, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (idempotency_key) DO NOTHING
         RETURNING id, request_fingerprint`,
        [newId('cus'), idempotencyKey, requested, userId, email, now()],
      );
      // On a conflict, a statement of its own sees the earlier customer even if it committed a moment ago.
      const { rows } =
        inserted.rowCount === 1
          ? inserted
          : await pool.query<{ id: string; request_fingerprint: string }>(
              'SELECT id, request_fingerprint FROM sandbox_customers WHERE idempotency_key = $1',
              [idempotencyKey],
            );
      const customer = rows[0];
      if (!customer) throw new Error('The sandbox customer was neither created nor found');
      if (customer.request_fingerprint !== requested) throw new IdempotencyKeyReuseError();
      return { customerId: customer.id };
    },

    async createPaymentIntent(input) {
      assertChargeable(input.amountCents);
      const requested = intentFingerprint('on-session', input);
      const id = newId('pi');
      const clientSecret = newClientSecret(id);
      return inTransaction(pool, async (client): Promise<CreatedPaymentIntent> => {
        if (!(await customerExists(client, input.customerId))) {
          throw new ProviderResourceMissingError('customer', input.customerId);
        }
        const at = now();
        const inserted = await client.query(
          `INSERT INTO sandbox_payment_intents (id, idempotency_key, request_fingerprint, client_secret_hash,
             amount_cents, currency, customer_id, metadata, save_payment_method, off_session, status,
             created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, false, 'requires_payment_method', $10, $10)
           ON CONFLICT (idempotency_key) DO NOTHING`,
          [
            id,
            input.idempotencyKey,
            requested,
            hashClientSecret(clientSecret),
            input.amountCents,
            input.currency,
            input.customerId,
            input.metadata,
            input.savePaymentMethod,
            at,
          ],
        );
        if (inserted.rowCount === 1) return { providerPaymentId: id, clientSecret };
        // A retry with the same key: the same intent. Its first secret is not stored, so a fresh one replaces it.
        const existing = await intentByIdempotencyKey(client, input.idempotencyKey, true);
        if (!existing || existing.request_fingerprint !== requested) throw new IdempotencyKeyReuseError();
        const rotated = newClientSecret(existing.id);
        await client.query(
          'UPDATE sandbox_payment_intents SET client_secret_hash = $2, updated_at = $3 WHERE id = $1',
          [existing.id, hashClientSecret(rotated), at],
        );
        return { providerPaymentId: existing.id, clientSecret: rotated };
      });
    },

    chargeOffSession(input) {
      return chargeSandboxSavedCard({ pool, now, newIntentId: () => newId('pi') }, input, 'absent');
    },

    chargeSavedCard(input) {
      return chargeSandboxSavedCard({ pool, now, newIntentId: () => newId('pi') }, input, 'present');
    },

    /** The Sandbox decides every charge at once, so there is never one left waiting to cancel. */
    async cancelPayment(providerPaymentId) {
      const outcome = await retrievePayment(providerPaymentId);
      if (outcome.status === 'pending') throw new Error(`Sandbox payment ${providerPaymentId} is still open`);
      return outcome;
    },

    retrievePayment,

    async paymentIdOf(providerPaymentId) {
      const { rows } = await pool.query<Pick<IntentRow, 'metadata'>>(
        'SELECT metadata FROM sandbox_payment_intents WHERE id = $1',
        [providerPaymentId],
      );
      return rows[0]?.metadata.paymentId ?? null;
    },

    confirmPayment(input) {
      return confirmSandboxPayment({ pool, now, newPaymentMethodId: () => newId('pm') }, input);
    },

    createSetupIntent: (input) => setups.create(input),
    retrieveSetupIntent: (providerSetupId) => setups.retrieve(providerSetupId),
    confirmSetup: (input) => setups.confirm(input),
    setupMetadataOf: (providerSetupId) => setups.metadataOf(providerSetupId),
  };
}
