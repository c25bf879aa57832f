import type pg from 'pg';
import type { CommandOptions, EventingLogger, EventStore } from '@app/eventing';
import type { StripeProvider } from '../payments/stripe/stripe-provider.js';
import type { SettlementService } from './settlement.js';
import { readPayment } from './streams.js';

export type WebhookResult = 'handled' | 'replayed' | 'ignored' | 'unknown-payment';

/**
 * POST /api/webhooks/stripe's use case: a verified Stripe event, handled once per event id. The id's row in
 * stripe_webhook_events is inserted when handling starts and committed when it is done, so a duplicate delivered
 * meanwhile waits and then finds it, a replay later finds it at once, and a failure (rolled back, answered 500)
 * leaves Stripe free to retry. The payment facts are settled exactly as a Sandbox confirmation's.
 */
export function createStripeWebhooks(deps: {
  pool: pg.Pool;
  eventStore: EventStore;
  stripe: Pick<StripeProvider, 'parseWebhook'>;
  settlement: SettlementService;
  logger: EventingLogger;
}) {
  const { pool, eventStore, stripe, settlement, logger } = deps;

  return {
    async receive(
      rawBody: Buffer,
      signatureHeader: string | undefined,
      options: CommandOptions,
    ): Promise<WebhookResult> {
      const fact = await stripe.parseWebhook(rawBody, signatureHeader);
      const client = await pool.connect();
      let broken: unknown;
      try {
        await client.query('BEGIN');
        const claimed = await client.query(
          `INSERT INTO stripe_webhook_events (event_id, kind) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING`,
          [fact.eventId, fact.kind],
        );
        let result: WebhookResult;
        if (claimed.rowCount !== 1) result = 'replayed';
        else if (fact.kind === 'ignored') result = 'ignored';
        else {
          const { paymentId } = fact.metadata;
          const payment = await readPayment(eventStore, paymentId);
          if (payment.status === 'absent' || payment.providerPaymentId !== fact.providerPaymentId) {
            // Billing's metadata on an intent billing never recorded: a checkout whose creation failed after
            // Stripe's answer (no browser ever got its client secret), or a renewal charge the renewal runner is
            // still recording from Stripe's own answer. Nothing to settle, and nothing for Stripe to resend.
            logger.warn(
              { stripeEventId: fact.eventId, paymentId, providerPaymentId: fact.providerPaymentId },
              'Stripe event for a payment billing has not recorded; ignored',
            );
            result = 'unknown-payment';
          } else {
            const causedBy = { ...options, metadata: { ...options.metadata, causationId: fact.eventId } };
            await settlement.settle(paymentId, fact.outcome, causedBy);
            result = 'handled';
          }
        }
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
        throw error;
      } finally {
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
  };
}

export type StripeWebhooks = ReturnType<typeof createStripeWebhooks>;
