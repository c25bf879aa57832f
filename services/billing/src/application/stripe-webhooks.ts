import type pg from 'pg';
import { createLeases, type CommandOptions, type EventingLogger } from '@app/eventing';
import { billingSchema } from '../config.js';
import type { StripeProvider } from '../payments/stripe/stripe-provider.js';
import type { StripeSetupFact, StripeWebhookFact } from '../payments/stripe/stripe-webhooks.js';
import type { BillingStores } from './billing-stores.js';
import type { CardSetups } from './card-on-file/card-setups.js';
import { setupOf } from '../domain/customer/customer.js';
import type { SettlementService } from './settlement.js';

export type WebhookResult = 'handled' | 'replayed' | 'ignored' | 'unknown-payment' | 'unknown-setup';

/**
 * POST /api/webhooks/stripe's use case: a verified Stripe event, handled once per event id. Handling runs under a
 * lease on the event id (leases.ts), so a duplicate delivered meanwhile waits and then finds it done; the id's row
 * in stripe_webhook_events is written once it is done, so a replay later finds it at once, and a failure (answered
 * 500) leaves Stripe free to retry. Every step holds a pooled connection only for its own statement. The payment
 * facts are settled exactly as a Sandbox confirmation's, and a SetupIntent's (a replaced card) as the page's own
 * completion of it: each records the provider's verdict once, so together they make one event.
 */
export function createStripeWebhooks(deps: {
  pool: pg.Pool;
  stores: Pick<BillingStores, 'payments' | 'customers'>;
  stripe: Pick<StripeProvider, 'parseWebhook'>;
  settlement: SettlementService;
  cardSetups: Pick<CardSetups, 'settle'>;
  logger: EventingLogger;
}) {
  const { pool, stores, stripe, settlement, cardSetups, logger } = deps;
  const leases = createLeases({
    db: pool,
    schema: billingSchema,
    ttlMs: 30_000,
    waitMs: 10_000,
    busyMessage: 'This Stripe event is being handled; deliver it again later',
  });

  const alreadyHandled = async (eventId: string): Promise<boolean> => {
    const { rowCount } = await pool.query('SELECT 1 FROM stripe_webhook_events WHERE event_id = $1', [
      eventId,
    ]);
    return rowCount === 1;
  };

  async function handleSetup(fact: StripeSetupFact, options: CommandOptions): Promise<WebhookResult> {
    const { setupId, userId } = fact.setup;
    const setup = setupOf((await stores.customers.read(userId)).state, setupId);
    if (setup === null || setup.providerSetupId !== fact.outcome.providerSetupId) {
      // Opened at Stripe but never recorded (billing stopped in between): no browser got its secret.
      logger.warn(
        { stripeEventId: fact.eventId, setupId },
        'Stripe event for a card setup billing has not recorded',
      );
      return 'unknown-setup';
    }
    const causedBy = { ...options, metadata: { ...options.metadata, causationId: fact.eventId } };
    await cardSetups.settle(userId, setupId, fact.outcome, causedBy);
    return 'handled';
  }

  async function handle(fact: StripeWebhookFact, options: CommandOptions): Promise<WebhookResult> {
    if (fact.kind === 'ignored') return 'ignored';
    if (fact.kind === 'setup') return handleSetup(fact, options);
    const { paymentId } = fact.metadata;
    const { state: payment } = await stores.payments.read(paymentId);
    if (payment.status === 'absent' || payment.providerPaymentId !== fact.providerPaymentId) {
      // Billing's metadata on an intent billing never recorded: a checkout whose creation failed after
      // Stripe's answer (no browser ever got its client secret), or a renewal charge the renewal runner is
      // still recording from Stripe's own answer. Nothing to settle, and nothing for Stripe to resend.
      logger.warn(
        { stripeEventId: fact.eventId, paymentId, providerPaymentId: fact.providerPaymentId },
        'Stripe event for a payment billing has not recorded; ignored',
      );
      return 'unknown-payment';
    }
    const causedBy = { ...options, metadata: { ...options.metadata, causationId: fact.eventId } };
    await settlement.settle(paymentId, fact.outcome, causedBy);
    return 'handled';
  }

  return {
    async receive(
      rawBody: Buffer,
      signatureHeader: string | undefined,
      options: CommandOptions,
    ): Promise<WebhookResult> {
      const fact = await stripe.parseWebhook(rawBody, signatureHeader);
      return leases.exclusively(`stripe-event:${fact.eventId}`, async () => {
        if (await alreadyHandled(fact.eventId)) return 'replayed';
        const result = await handle(fact, options);
        await pool.query(
          'INSERT INTO stripe_webhook_events (event_id, kind) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING',
          [fact.eventId, fact.kind],
        );
        return result;
      });
    },
  };
}

export type StripeWebhooks = ReturnType<typeof createStripeWebhooks>;
