import { z } from 'zod';
import { databaseConfigLoader, serviceVariables, storageVariables } from '@app/service-kit/config';
import { renewalVariables } from './application/renewals/renewal-config.js';
import { invoiceSellerVariables } from './invoice-documents/invoice-seller.js';
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
  .extend(invoiceSellerVariables)
  .superRefine(requireStripeKeys);

export const loadConfig = databaseConfigLoader(serviceSchema, ownDatabase);
export const loadStorageConfig = databaseConfigLoader(storageSchema, ownDatabase);
export const loadSeedConfig = databaseConfigLoader(seedSchema, ownDatabase);

/** Billing's Postgres schema: its read models, invoice numbers, provider records, checkpoints and keys. */
export const billingSchema = 'billing';
