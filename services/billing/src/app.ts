import type { InvoiceSeller } from '@app/contracts';
import { createServiceApp, type ServiceAppContext } from '@app/service-kit/runtime';
import { createBillingStores } from './application/billing-stores.js';
import { createCardSetups } from './application/card-on-file/card-setups.js';
import { createSandboxSetupConfirmation } from './application/card-on-file/sandbox-setup-confirmation.js';
import { createCheckout } from './application/checkout.js';
import { createOverduePayment } from './application/pay-overdue-invoice.js';
import { createPlanChanges } from './application/plan-changes/plan-changes.js';
import { createSandboxConfirmation } from './application/sandbox-confirmation.js';
import { createSettlement } from './application/settlement.js';
import { createStripeWebhooks } from './application/stripe-webhooks.js';
import { adminInvoiceRoutes } from './http/admin-invoices.routes.js';
import { billingConfigRoutes } from './http/billing-config.routes.js';
import { cardOnFileRoutes } from './http/card-on-file.routes.js';
import { invoiceDocumentRoutes } from './http/invoice-document.routes.js';
import { invoicePaymentRoutes } from './http/invoice-payment.routes.js';
import { planChangeRoutes } from './http/plan-change.routes.js';
import { revenueRoutes } from './http/revenue.routes.js';
import { invoiceRoutes } from './http/invoices.routes.js';
import { paymentIntentRoutes } from './http/payment-intents.routes.js';
import { paymentStatusRoutes } from './http/payment-status.routes.js';
import { sandboxRoutes } from './http/sandbox.routes.js';
import { sandboxSetupRoutes } from './http/sandbox-setup.routes.js';
import { stripeWebhookRoutes } from './http/stripe-webhooks.routes.js';
import { subscriptionTermRoutes } from './http/subscription-terms.routes.js';
import type { RenewalPolicy } from './domain/renewal/renewal-cycle.js';
import type { SandboxProvider, StripeProvider } from './payments/index.js';
import type { PaymentsCounter } from './payments/payment-metrics.js';
import { usageRoutes } from './usage/usage.routes.js';

/** What billing's app shares with its renewal runner (service.ts `shared`), and its clock. */
export interface BillingOptions {
  /** The configured adapter (createPaymentProvider); its name decides which confirmation route exists. */
  provider: SandboxProvider | StripeProvider;
  /** billing_payments_total, which the renewal runner adds to as well. */
  payments: PaymentsCounter;
  /** Who issues the invoices (INVOICE_SELLER_NAME, INVOICE_SELLER_ADDRESS). */
  seller: InvoiceSeller;
  /** The renewal runner's policy, from which subscriptions' billing periods follow. */
  policy: RenewalPolicy;
  now?: () => Date;
}

/**
 * Card fields, in case anything ever logs a card form whole. service-kit logs no bodies, so this is a second
 * line of defence: fixed paths only, which cost nothing on lines without them.
 */
const cardRedactPaths = ['card.number', 'card.cvc', 'body.card.number', 'body.card.cvc'];

/** Billing's HTTP app (STYLE.md "One service": app.ts builds, the runtime listens). */
export async function buildApp(context: ServiceAppContext, options: BillingOptions) {
  const { db, eventStore, replies } = context;
  const { provider, payments, policy, seller, now = () => new Date() } = options;
  const app = await createServiceApp(context, {
    name: 'billing',
    redact: cardRedactPaths,
    openapi: {
      title: 'Billing API',
      description: 'Card payments through the configured provider, and the invoices they pay.',
    },
    metrics: [payments],
  });

  const stores = createBillingStores(eventStore);
  const checkout = createCheckout({ pool: db, stores, provider, now });
  const settlement = createSettlement({
    pool: db,
    stores,
    now,
    onRecorded: (outcome) => payments.inc({ provider: provider.name, outcome }),
  });

  await app.register(billingConfigRoutes, { provider });
  await app.register(paymentIntentRoutes, { checkout, replies });
  await app.register(paymentStatusRoutes, { db, provider });
  await app.register(invoiceRoutes, { db });
  await app.register(adminInvoiceRoutes, { db, now });
  await app.register(invoiceDocumentRoutes, { db, seller });
  await app.register(usageRoutes, { db, now });
  await app.register(subscriptionTermRoutes, { db, provider: provider.name, policy, now });
  await app.register(revenueRoutes, { db, now });
  const payOverdueInvoice = createOverduePayment({
    pool: db,
    stores,
    provider,
    now,
    policy,
    onPaymentRecorded: (outcome) => payments.inc({ provider: provider.name, outcome }),
  });
  await app.register(invoicePaymentRoutes, { payOverdueInvoice });
  const planChanges = createPlanChanges({
    pool: db,
    stores,
    provider,
    now,
    policy,
    onPaymentRecorded: (outcome) => payments.inc({ provider: provider.name, outcome }),
  });
  await app.register(planChangeRoutes, { planChanges });
  const cardSetups = createCardSetups({ stores, provider, now });
  await app.register(cardOnFileRoutes, { db, provider: provider.name, policy, now, cardSetups, replies });
  if (provider.name === 'sandbox') {
    const confirmation = createSandboxConfirmation({ stores, sandbox: provider, settlement });
    await app.register(sandboxRoutes, { confirmation, replies });
    const setupConfirmation = createSandboxSetupConfirmation({ sandbox: provider, cardSetups });
    await app.register(sandboxSetupRoutes, { confirmation: setupConfirmation, replies });
  } else {
    const webhooks = createStripeWebhooks({
      pool: db,
      stores,
      stripe: provider,
      settlement,
      cardSetups,
      logger: app.log,
    });
    await app.register(stripeWebhookRoutes, { webhooks });
  }
  return app;
}

export type BillingApp = Awaited<ReturnType<typeof buildApp>>;
