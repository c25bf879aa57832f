import type pg from 'pg';
import { defaultSubscriptionPlan, dollarsFromCents } from '@app/contracts';
import type { EventStore } from '@app/eventing';
import { createBillingStores } from '../application/billing-stores.js';
import { createCheckout } from '../application/checkout.js';
import { createSettlement } from '../application/settlement.js';
import type { SandboxProvider } from '../payments/index.js';
import { findProductForSale } from '../projections/products-copy.js';
import { demoPurchases, type DemoPurchase } from './demo-purchases.js';

export interface SeedReport {
  paid: string[];
  alreadyPresent: string[];
  skipped: string[];
}

export interface SeedDeps {
  pool: pg.Pool;
  eventStore: EventStore;
  sandbox: SandboxProvider;
  now: () => Date;
}

/**
 * Pays the demo customers' checkouts the way the checkout page does: a payment intent priced from billing's
 * copy of the catalogue, then the Sandbox's confirmation of each card in turn, settled as the confirm route
 * settles it (a paid invoice, and the facts tenancy turns into subscriptions). A purchase already paid is left as
 * it is, its invoice completed if missing; one whose product billing has not heard of is skipped and reported.
 */
export async function seedDemoInvoices(
  deps: SeedDeps,
  purchases: readonly DemoPurchase[] = demoPurchases,
): Promise<SeedReport> {
  const { pool, sandbox, now } = deps;
  const stores = createBillingStores(deps.eventStore);
  const checkout = createCheckout({ pool, stores, provider: sandbox, now });
  const settlement = createSettlement({ pool, stores, now });
  const report: SeedReport = { paid: [], alreadyPresent: [], skipped: [] };
  const options = { metadata: { actorId: 'seed' } };

  for (const purchase of purchases) {
    const label = `${purchase.buyer.email} ${purchase.product.name}`;
    const { state: payment } = await stores.payments.read(purchase.paymentId);
    if (payment.status === 'succeeded') {
      await settlement.resume(purchase.paymentId, options);
      report.alreadyPresent.push(label);
      continue;
    }
    if (payment.status === 'pending') {
      // The client secret of an interrupted run was never stored: that payment stays as it was left.
      report.skipped.push(`${label} (left unpaid by an interrupted seed)`);
      continue;
    }
    const product = await findProductForSale(pool, purchase.product.productId);
    if (product === null) {
      report.skipped.push(`${label} (billing has not heard of this product)`);
      continue;
    }
    const request = {
      productId: product.productId,
      plan: defaultSubscriptionPlan,
      amount: dollarsFromCents(product.basePriceCents),
    };
    const started = await checkout.start(purchase.buyer, request, options, purchase.paymentId);
    if (started.kind === 'refused') {
      report.skipped.push(`${label} (${started.price.kind})`);
      continue;
    }
    const expYear = now().getUTCFullYear() + 3;
    for (const number of purchase.cards) {
      const card = { number, expMonth: 12, expYear, cvc: '123' };
      const outcome = await sandbox.confirmPayment({ clientSecret: started.clientSecret, card });
      const settled = await settlement.settle(purchase.paymentId, outcome, options);
      if (settled.status === 'succeeded') {
        report.paid.push(label);
        break;
      }
    }
  }
  return report;
}
