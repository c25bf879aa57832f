import type pg from 'pg';
import type { EventStore } from '@app/eventing';
import {
  createService,
  idempotencyPlugin,
  type ReadinessCheck,
  type ReadYourWrites,
  type Telemetry,
  type AcceptedSecrets,
} from '@app/service-kit';
import { createCheckout } from './application/checkout.js';
import { createBillingHandlers } from './application/command-handlers.js';
import { createCustomers } from './application/customers.js';
import { createSandboxConfirmation } from './application/sandbox-confirmation.js';
import { createSettlement } from './application/settlement.js';
import { createStripeWebhooks } from './application/stripe-webhooks.js';
import { billingSchema } from './config.js';
import { billingConfigRoutes } from './http/billing-config.routes.js';
import { invoiceRoutes } from './http/invoices.routes.js';
import { paymentIntentRoutes } from './http/payment-intents.routes.js';
import { paymentStatusRoutes } from './http/payment-status.routes.js';
import { sandboxRoutes } from './http/sandbox.routes.js';
import { stripeWebhookRoutes } from './http/stripe-webhooks.routes.js';
import type { SandboxProvider, StripeProvider } from './payments/index.js';
import { paymentsCounter, type PaymentsCounter } from './payments/payment-metrics.js';
import { usageRoutes } from './usage/usage.routes.js';

export interface BillingDeps {
  identitySecret: AcceptedSecrets;
  logLevel: string;
  readYourWritesTimeoutMs: number;
  db: pg.Pool;
  eventStore: EventStore;
  projections: ReadYourWrites;
  readiness: ReadinessCheck[];
  /** The configured adapter (createPaymentProvider); its name decides which confirmation route exists. */
  provider: SandboxProvider | StripeProvider;
  now?: () => Date;
  telemetry?: Telemetry;
  /** Shared with the renewal runner, which records payments too; the app makes its own when absent. */
  payments?: PaymentsCounter;
}

/**
 * Card fields, in case anything ever logs a card form whole. service-kit logs no bodies, so this is a second
 * line of defence: fixed paths only, which cost nothing on lines without them.
 */
const cardRedactPaths = ['card.number', 'card.cvc', 'body.card.number', 'body.card.cvc'];

/** Billing's HTTP app (STYLE.md "One service": app.ts builds, server.ts listens). */
export async function buildApp(deps: BillingDeps) {
  const { db, eventStore, projections, provider, now = () => new Date() } = deps;
  const payments = deps.payments ?? paymentsCounter();
  const app = await createService({
    name: 'billing',
    logger: { level: deps.logLevel, redact: cardRedactPaths },
    identity: { secret: deps.identitySecret },
    readiness: deps.readiness,
    openapi: {
      title: 'Billing API',
      description: 'Card payments through the configured provider, and the invoices they pay.',
    },
    metrics: [payments],
    ...(deps.telemetry ? { telemetry: deps.telemetry } : {}),
  });
  await app.register(idempotencyPlugin, { pool: db, schema: billingSchema });

  const handlers = createBillingHandlers(eventStore);
  const customers = createCustomers({ eventStore, handlers, provider, now });
  const checkout = createCheckout({ pool: db, handlers, customers, provider, now });
  const settlement = createSettlement({
    pool: db,
    eventStore,
    handlers,
    now,
    onRecorded: (outcome) => payments.inc({ provider: provider.name, outcome }),
  });
  const replies = { projections, timeoutMs: deps.readYourWritesTimeoutMs };

  await app.register(billingConfigRoutes, { provider });
  await app.register(paymentIntentRoutes, { checkout, replies });
  await app.register(paymentStatusRoutes, { db, provider });
  await app.register(invoiceRoutes, { db });
  await app.register(usageRoutes, { db, now });
  if (provider.name === 'sandbox') {
    const confirmation = createSandboxConfirmation({ eventStore, sandbox: provider, settlement });
    await app.register(sandboxRoutes, { confirmation, replies });
  } else {
    const webhooks = createStripeWebhooks({
      pool: db,
      eventStore,
      stripe: provider,
      settlement,
      logger: app.log,
    });
    await app.register(stripeWebhookRoutes, { webhooks });
  }
  return app;
}

export type BillingApp = Awaited<ReturnType<typeof buildApp>>;
