import type pg from 'pg';
import { inTransaction } from '@app/eventing';
import type {
  CreatedSetupIntent,
  RetrievedSetup,
  SetupIntentInput,
  SetupMetadata,
  SetupOutcome,
} from '../payment-provider.js';
import {
  IdempotencyKeyReuseError,
  InvalidClientSecretError,
  PaymentIntentUnexpectedStateError,
  ProviderResourceMissingError,
} from '../provider-errors.js';
import {
  clientSecretMatches,
  fingerprint,
  hashClientSecret,
  newClientSecret,
  setupIdOf,
} from './sandbox-secrets.js';
import { customerExists, saveMethod, type PaymentMethodRow } from './sandbox-store.js';
import { evaluateCard, type SandboxCard } from './test-cards.js';

/** Stripe's sentences, as for payment intents (sandbox-confirm.ts). */
const malformedSecret =
  'Invalid client secret: expected the form seti_…_secret_… that starting the card change returned.';
const mismatchedSecret =
  'The client_secret provided does not match the client_secret associated with the SetupIntent.';
const alreadySucceeded =
  'You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.';

interface SetupRow {
  id: string;
  request_fingerprint: string;
  client_secret_hash: string;
  customer_id: string;
  metadata: SetupMetadata;
  status: 'requires_payment_method' | 'succeeded';
  payment_method_id: string | null;
  last_error_code: string | null;
  last_error_decline_code: string | null;
  last_error_message: string | null;
}

/** What `POST /api/billing/sandbox/confirm-setup` learns: the outcome and whose setup it was. */
export type SandboxSetupConfirmation = SetupOutcome & { metadata: SetupMetadata };

export interface SandboxSetupContext {
  pool: pg.Pool;
  now: () => Date;
  newId: (prefix: string) => string;
}

/**
 * Stripe's SetupIntent without a network (migration 306): the card is judged by the same test-card rules as a
 * checkout's (declines, expiry, 3-D Secure cards) and, when approved, saved for off-session charges; nothing is
 * charged. A decline leaves the setup open for another card, as Stripe's `requires_payment_method` does.
 */
export function createSandboxSetups(context: SandboxSetupContext) {
  const { pool, now, newId } = context;

  async function methodOf(client: pg.Pool | pg.PoolClient, id: string): Promise<PaymentMethodRow> {
    const { rows } = await client.query<PaymentMethodRow>(
      'SELECT * FROM sandbox_payment_methods WHERE id = $1',
      [id],
    );
    if (!rows[0]) throw new ProviderResourceMissingError('payment_method', id);
    return rows[0];
  }

  /** How a setup stands, as the port reports it. */
  async function outcomeOf(client: pg.Pool | pg.PoolClient, row: SetupRow): Promise<RetrievedSetup> {
    if (row.status === 'succeeded' && row.payment_method_id !== null) {
      const method = await methodOf(client, row.payment_method_id);
      return {
        status: 'succeeded',
        providerSetupId: row.id,
        paymentMethodId: method.id,
        card: {
          brand: method.brand,
          last4: method.last4,
          expMonth: method.exp_month,
          expYear: method.exp_year,
        },
      };
    }
    if (row.last_error_code === null || row.last_error_message === null) {
      return { status: 'pending', providerSetupId: row.id };
    }
    return {
      status: 'failed',
      providerSetupId: row.id,
      code: row.last_error_code,
      declineCode: row.last_error_decline_code,
      message: row.last_error_message,
    };
  }

  return {
    async create(input: SetupIntentInput): Promise<CreatedSetupIntent> {
      const { setupId, userId } = input.metadata;
      const requested = fingerprint(['setup', input.customerId, setupId, userId]);
      const id = newId('seti');
      const clientSecret = newClientSecret(id);
      return inTransaction(pool, async (client) => {
        if (!(await customerExists(client, input.customerId))) {
          throw new ProviderResourceMissingError('customer', input.customerId);
        }
        const at = now();
        const inserted = await client.query(
          `INSERT INTO sandbox_setup_intents (id, idempotency_key, request_fingerprint, client_secret_hash,
             customer_id, metadata, status, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'requires_payment_method', $7, $7)
           ON CONFLICT (idempotency_key) DO NOTHING`,
          [
            id,
            input.idempotencyKey,
            requested,
            hashClientSecret(clientSecret),
            input.customerId,
            input.metadata,
            at,
          ],
        );
        if (inserted.rowCount === 1) return { providerSetupId: id, clientSecret };
        // A retry with the same key: the same setup, with a fresh secret (the first one is not stored).
        const { rows } = await client.query<SetupRow>(
          'SELECT * FROM sandbox_setup_intents WHERE idempotency_key = $1 FOR UPDATE',
          [input.idempotencyKey],
        );
        const existing = rows[0];
        if (!existing || existing.request_fingerprint !== requested) throw new IdempotencyKeyReuseError();
        const rotated = newClientSecret(existing.id);
        await client.query(
          'UPDATE sandbox_setup_intents SET client_secret_hash = $2, updated_at = $3 WHERE id = $1',
          [existing.id, hashClientSecret(rotated), at],
        );
        return { providerSetupId: existing.id, clientSecret: rotated };
      });
    },

    async retrieve(providerSetupId: string): Promise<RetrievedSetup> {
      const { rows } = await pool.query<SetupRow>('SELECT * FROM sandbox_setup_intents WHERE id = $1', [
        providerSetupId,
      ]);
      if (!rows[0]) throw new ProviderResourceMissingError('setup_intent', providerSetupId);
      return outcomeOf(pool, rows[0]);
    },

    /** The browser's card, as Stripe.js's confirmCardSetup would send it; the row is locked for the attempt. */
    async confirm(input: { clientSecret: string; card: SandboxCard }): Promise<SandboxSetupConfirmation> {
      const setupId = setupIdOf(input.clientSecret);
      if (setupId === null) throw new InvalidClientSecretError(malformedSecret);
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query<SetupRow>(
          'SELECT * FROM sandbox_setup_intents WHERE id = $1 FOR UPDATE',
          [setupId],
        );
        const setup = rows[0];
        if (!setup) throw new ProviderResourceMissingError('setup_intent', setupId);
        if (!clientSecretMatches(input.clientSecret, setup.client_secret_hash)) {
          throw new InvalidClientSecretError(mismatchedSecret);
        }
        if (setup.status === 'succeeded') throw new PaymentIntentUnexpectedStateError(alreadySucceeded);

        const at = now();
        const evaluation = evaluateCard(input.card, at);
        if (!evaluation.approved) {
          const { decline } = evaluation;
          await client.query(
            `UPDATE sandbox_setup_intents
             SET last_error_code = $2, last_error_decline_code = $3, last_error_message = $4,
                 attempts = attempts + 1, updated_at = $5
             WHERE id = $1`,
            [setup.id, decline.code, decline.declineCode, decline.message, at],
          );
          return { status: 'failed', providerSetupId: setup.id, ...decline, metadata: setup.metadata };
        }
        const paymentMethodId = newId('pm');
        await saveMethod(client, { id: paymentMethodId, customerId: setup.customer_id, evaluation, at });
        await client.query(
          `UPDATE sandbox_setup_intents
           SET status = 'succeeded', payment_method_id = $2, last_error_code = NULL,
               last_error_decline_code = NULL, last_error_message = NULL, attempts = attempts + 1, updated_at = $3
           WHERE id = $1`,
          [setup.id, paymentMethodId, at],
        );
        return {
          status: 'succeeded',
          providerSetupId: setup.id,
          paymentMethodId,
          card: evaluation.card,
          metadata: setup.metadata,
        };
      });
    },

    /** The billing setup a Sandbox setup was opened for (its metadata); null if none. */
    async metadataOf(providerSetupId: string): Promise<SetupMetadata | null> {
      const { rows } = await pool.query<Pick<SetupRow, 'metadata'>>(
        'SELECT metadata FROM sandbox_setup_intents WHERE id = $1',
        [providerSetupId],
      );
      return rows[0]?.metadata ?? null;
    },
  };
}
