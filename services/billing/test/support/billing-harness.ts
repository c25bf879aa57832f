import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { inject } from 'vitest';
import type { z } from 'zod';
import type { InvoiceSeller, productCreatedV1DataSchema } from '@app/contracts';
import { runMigrations } from '@app/eventing';
import { categoriesOf } from '@app/service-kit/runtime';
import { createSchemaDatabase } from '@app/test-support';
import { handleMessage } from '@app/test-support/handled-message';
import {
  startServiceHarness,
  viewsSettled as viewsSettledFor,
  type ServiceHarness,
} from '@app/test-support/service-harness';
import { buildApp } from '../../src/app.js';
import { billingSchema } from '../../src/config.js';
import type { RenewalPolicy } from '../../src/domain/renewal/renewal-cycle.js';
import { defaultInvoiceSeller } from '../../src/invoice-documents/invoice-seller.js';
import {
  createSandboxProvider,
  type SandboxProvider,
  type StripeProvider,
} from '../../src/payments/index.js';
import { applyCatalogProductMessage } from '../../src/projections/products-copy.js';
import { paymentsCounter } from '../../src/payments/payment-metrics.js';
import { service } from '../../src/service.js';

export { countEvents, expectRefusedUnchanged, silentLogger } from '@app/test-support/service-harness';

type ProductCreatedV1Data = z.infer<typeof productCreatedV1DataSchema>;

export type BillingHarness = ServiceHarness<Awaited<ReturnType<typeof buildApp>>>;

export interface BillingOptions {
  /** The Sandbox on the harness's own database unless given (a Stripe adapter for the webhook tests). */
  provider?: (pool: pg.Pool) => SandboxProvider | StripeProvider;
  logLevel?: string;
  /** Where the app's log lines go, for tests that read them. */
  logStream?: { write(line: string): void };
  now?: () => Date;
  /** The configured seller unless given. */
  seller?: InvoiceSeller;
  /** testPolicy unless given. */
  policy?: RenewalPolicy;
}

/** Renewals' defaults (README "Configuration"): a 14-day trial, retries 1, 3 and 5 days after a decline. */
export const testPolicy: RenewalPolicy = { trialDays: 14, retryAfterDays: [1, 3, 5], minimumChargeCents: 50 };

/** Billing as service-kit runs it, minus NATS, its workers and the listening socket, on a database of its own. */
export function startBilling(options: BillingOptions = {}): Promise<BillingHarness> {
  return startServiceHarness(service, (context) =>
    buildApp(
      {
        ...context,
        logLevel: options.logLevel ?? 'silent',
        ...(options.logStream ? { logStream: options.logStream } : {}),
      },
      {
        provider: options.provider?.(context.db) ?? createSandboxProvider({ pool: context.db }),
        payments: paymentsCounter(),
        seller: options.seller ?? defaultInvoiceSeller,
        policy: options.policy ?? testPolicy,
        ...(options.now ? { now: options.now } : {}),
      },
    ),
  );
}

/** Billing's schema with its real migrations, in a database of this test file's own, for the parts that need no app. */
export async function openBillingDatabase() {
  const database = await createSchemaDatabase(inject('databaseUrl'), billingSchema);
  await runMigrations(
    database.pool,
    billingSchema,
    resolve(fileURLToPath(new URL('../../migrations', import.meta.url))),
  );
  return database;
}

/**
 * A product in billing's copy of the catalogue, written by the very handler the CATALOG consumer runs (the
 * consumer itself is tested against NATS in test/integration).
 */
export async function addProduct(
  pool: pg.Pool,
  overrides: Partial<ProductCreatedV1Data> = {},
): Promise<ProductCreatedV1Data> {
  const productId = overrides.productId ?? uuidv7();
  const data: ProductCreatedV1Data = {
    productId,
    name: 'Risk Scoring Engine',
    slug: `risk-${productId}`,
    description: null,
    basePriceCents: 34_900,
    category: 'Risk',
    color: '#EF4444',
    icon: 'Shield',
    features: [],
    isActive: true,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
  await catalogMessage(pool, 'catalog.product.created.v1', data);
  return data;
}

export function catalogMessage(pool: pg.Pool, type: string, data: object): Promise<void> {
  return handleMessage(pool, applyCatalogProductMessage, type, data);
}

/** Waits until billing's views show every event appended so far (for effects no command answer waited for). */
export function viewsSettled(h: BillingHarness): Promise<void> {
  return viewsSettledFor(h, categoriesOf(service));
}
