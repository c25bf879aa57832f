import type pg from 'pg';
import { v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import { checkoutSubscriptionNamespace } from '@app/contracts';
import { handleMessage } from '@app/test-support/handled-message';
import { createBillingStores } from '../../src/application/billing-stores.js';
import { createRenewalRunner } from '../../src/application/renewals/renewal-runner.js';
import type { RenewalPolicy } from '../../src/domain/renewal/renewal-cycle.js';
import { createSandboxProvider, type PaymentProvider } from '../../src/payments/index.js';
import { applyTenancyMessage } from '../../src/projections/tenancy-copy.js';
import { dollarsFromCents } from '@app/contracts';
import { testPolicy, viewsSettled, type BillingHarness } from './billing-harness.js';
import { clientSecretFor, confirm, type Buyer } from './requests.js';

/** The injected clock: every part of billing under test reads this one. */
export function testClock(start: string) {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(iso: string) {
      current = new Date(iso);
    },
  };
}

export { testPolicy };

/** Errors the runner logged, so a test can show none happened. */
export function recordingLogger() {
  const errors: unknown[] = [];
  return {
    errors,
    logger: {
      info: () => undefined,
      warn: () => undefined,
      debug: () => undefined,
      error: (fields: unknown) => void errors.push(fields),
    },
  };
}

/** The renewal runner as service.ts wires it, on the harness's store, with the Sandbox unless given a provider. */
export function renewalRunner(
  h: BillingHarness,
  now: () => Date,
  options: {
    provider?: PaymentProvider;
    policy?: RenewalPolicy;
    onPaymentRecorded?: (outcome: 'succeeded' | 'failed') => void;
  } = {},
) {
  const { errors, logger } = recordingLogger();
  const runner = createRenewalRunner({
    pool: h.pool,
    stores: createBillingStores(h.eventStore),
    provider: options.provider ?? createSandboxProvider({ pool: h.pool, now }),
    now,
    policy: options.policy ?? testPolicy,
    logger,
    ...(options.onPaymentRecorded ? { onPaymentRecorded: options.onPaymentRecorded } : {}),
  });
  return { runner, errors };
}

/**
 * A tenancy message into billing's copy, written by the very handler the TENANCY consumer runs (the consumer
 * itself is tested against NATS in test/integration/tenancy-consumer.test.ts).
 */
export function tenancyMessage(pool: pg.Pool, type: string, data: object): Promise<void> {
  return handleMessage(pool, applyTenancyMessage, type, data);
}

export async function tenantOwnedBy(pool: pg.Pool, ownerId: string, createdAt: string): Promise<string> {
  const tenantId = uuidv7();
  await tenancyMessage(pool, 'tenancy.tenant.created.v1', {
    tenantId,
    name: 'Tenant',
    slug: `tenant-${tenantId}`,
    ownerId,
    status: 'active',
    domainUrl: null,
    createdAt,
  });
  return tenantId;
}

/** What tenancy publishes when a checkout starts a subscription: the id derived from the payment. */
export async function subscriptionStartedByCheckout(
  pool: pg.Pool,
  checkout: {
    paymentId: string;
    tenantId: string;
    productId: string;
    amountCents: number;
    startedAt: string;
  },
): Promise<string> {
  const subscriptionId = uuidv5(checkout.paymentId, checkoutSubscriptionNamespace);
  await tenancyMessage(pool, 'tenancy.subscription.started.v1', {
    subscriptionId,
    tenantId: checkout.tenantId,
    productId: checkout.productId,
    plan: 'professional',
    status: 'active',
    amountCents: checkout.amountCents,
    startedAt: checkout.startedAt,
  });
  return subscriptionId;
}

export async function statusChanged(
  pool: pg.Pool,
  change: {
    subscriptionId: string;
    tenantId: string;
    productId: string;
    from: string;
    to: string;
    at: string;
  },
): Promise<void> {
  await tenancyMessage(pool, 'tenancy.subscription.status-changed.v1', {
    subscriptionId: change.subscriptionId,
    tenantId: change.tenantId,
    productId: change.productId,
    previousStatus: change.from,
    status: change.to,
    changedAt: change.at,
  });
}

/** The checkout payment a buyer made for a product (billing's payments view). */
export async function checkoutPaymentId(pool: pg.Pool, userId: string, productId: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM payments WHERE user_id = $1 AND product_id = $2 AND kind = 'checkout'`,
    [userId, productId],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('no checkout payment');
  return id;
}

/**
 * A checkout paid with `card` at the clock's time, then tenancy's start of its subscription a second later (in the
 * buyer's tenant, made on their first checkout when `tenantId` is not given), as tenancy does on the checkout.
 */
export async function checkoutAndStart(
  h: BillingHarness,
  now: () => Date,
  purchase: {
    buyer: Buyer;
    product: { productId: string; basePriceCents: number };
    card: string;
    tenantId?: string;
  },
) {
  const { buyer, product } = purchase;
  const amount = dollarsFromCents(product.basePriceCents);
  const clientSecret = await clientSecretFor(h, buyer, product.productId, amount);
  const confirmed = await confirm(h, buyer, clientSecret, purchase.card);
  if (confirmed.statusCode !== 200) throw new Error(`checkout failed: ${confirmed.body}`);
  await viewsSettled(h);
  const tenantId = purchase.tenantId ?? (await tenantOwnedBy(h.pool, buyer.userId, now().toISOString()));
  const paymentId = await checkoutPaymentId(h.pool, buyer.userId, product.productId);
  const subscriptionId = await subscriptionStartedByCheckout(h.pool, {
    paymentId,
    tenantId,
    productId: product.productId,
    amountCents: product.basePriceCents,
    startedAt: new Date(now().getTime() + 1_000).toISOString(),
  });
  return { tenantId, subscriptionId, productId: product.productId, paymentId };
}
