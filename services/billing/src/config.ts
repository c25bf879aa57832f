import { z } from 'zod';
import {
  parseConfig,
  resolveDatabaseUrl,
  serviceVariables,
  storageVariables,
  type WithDatabaseUrl,
} from '@app/service-kit/config';
import { renewalVariables } from './application/renewals/renewal-config.js';
import { paymentProviderVariables, requireStripeKeys } from './payments/provider-config.js';

const ownDatabase = 'BILLING_DATABASE_URL';

/** What the rebuild command needs: storage only. */
const storageSchema = z.object(storageVariables(ownDatabase));

/** What the demo seed needs: storage and the provider it pays with. */
const seedObject = storageSchema.extend(paymentProviderVariables);
const seedSchema = seedObject.superRefine(requireStripeKeys);

/** Billing's whole environment (README "Configuration"); no other file reads process.env. */
const serviceSchema = seedObject
  .extend(serviceVariables('billing', 3004))
  .extend(renewalVariables)
  .superRefine(requireStripeKeys);

export type StorageConfig = WithDatabaseUrl<z.output<typeof storageSchema>, typeof ownDatabase>;
export type SeedConfig = WithDatabaseUrl<z.output<typeof seedSchema>, typeof ownDatabase>;
export type BillingConfig = WithDatabaseUrl<z.output<typeof serviceSchema>, typeof ownDatabase>;

export function loadConfig(env: Record<string, string | undefined> = process.env): BillingConfig {
  return resolveDatabaseUrl(parseConfig(serviceSchema, env), ownDatabase);
}

export function loadStorageConfig(env: Record<string, string | undefined> = process.env): StorageConfig {
  return resolveDatabaseUrl(parseConfig(storageSchema, env), ownDatabase);
}

export function loadSeedConfig(env: Record<string, string | undefined> = process.env): SeedConfig {
  return resolveDatabaseUrl(parseConfig(seedSchema, env), ownDatabase);
}

/** Billing's Postgres schema: its read models, invoice numbers, provider records, checkpoints and keys. */
export const billingSchema = 'billing';
