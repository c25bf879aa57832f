import { z } from 'zod';
import { parseKeyRing, type KeyRing } from '@app/secrets';
import { databaseConfigLoader, serviceVariables, storageVariables } from '@app/service-kit/config';
import { demoTenantAppUrl } from '@app/demo-fixtures';

const ownDatabase = 'TENANCY_DATABASE_URL';

/**
 * SECRETS_KEYS: the AES-256 key ring that seals provider passwords and metrics keys, as
 * `<key id>:<base64 of 32 random bytes>[,<older id>:<base64>…]`, newest first (it seals everything new; the
 * older ones still open what they sealed). Generate a key with `openssl rand -base64 32`. The error names
 * the entry and key id, never key material.
 */
const secretsKeys = z
  .string({ error: 'is required (key ring: <id>:<base64 32 bytes>[,<older id>:<base64>…])' })
  .transform((text, context): KeyRing => {
    try {
      return parseKeyRing(text);
    } catch (error) {
      context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : 'is invalid' });
      return z.NEVER;
    }
  });

/** What the seed, rebuild and reseal commands need: storage (and, for the seed and reseal, the key ring). */
const storageSchema = z.object(storageVariables(ownDatabase));

const keyRingSchema = storageSchema.extend({ SECRETS_KEYS: secretsKeys });

/** The seed also says where the demo tenant app runs, which the demo subscriptions' endpoints point at. */
const seedSchema = keyRingSchema.extend({
  DEMO_TENANT_APP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(demoTenantAppUrl),
});

/** Tenancy's whole environment (README "Configuration"); no other file reads process.env. */
const serviceSchema = keyRingSchema.extend(serviceVariables('tenancy', 3003));

export const loadConfig = databaseConfigLoader(serviceSchema, ownDatabase);
export const loadStorageConfig = databaseConfigLoader(storageSchema, ownDatabase);
export const loadKeyRingConfig = databaseConfigLoader(keyRingSchema, ownDatabase);
export const loadSeedConfig = databaseConfigLoader(seedSchema, ownDatabase);

/** Tenancy's Postgres schema: its read models, reservations, checkpoints and idempotency keys live here. */
export const tenancySchema = 'tenancy';
