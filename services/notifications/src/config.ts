import { z } from 'zod';
import { parseKeyRing, type KeyRing } from '@app/secrets';
import {
  databaseAcquireTimeoutMs,
  databaseConfigLoader,
  databaseUrl,
  eventStoreUrl,
  parseConfig,
  resolveDatabaseUrl,
  serviceVariables,
  storageVariables,
  type WithDatabaseUrl,
} from '@app/service-kit/config';

const ownDatabase = 'NOTIFICATIONS_DATABASE_URL';

const positiveInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), credentials in the URL. */
const smtpUrl = z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' });

/**
 * SECRETS_KEYS: the AES-256 key ring that seals webhook signing secrets, as tenancy's seals provider passwords
 * (`<key id>:<base64 of 32 random bytes>[,<older id>:<base64>…]`, newest first; `npm start` shares one). The
 * error names the entry and key id, never key material.
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

/**
 * WEBHOOK_ALLOW_HOSTS: hosts the SSRF guard lets a delivery reach although they resolve to private or loopback
 * addresses, as `host` or `host:port`, comma separated (monitoring's SCRAPE_ALLOW_HOSTS). A port narrows the
 * exception to that one port, which is what the local demo app should use: a bare `localhost` would let a
 * tenant's endpoint reach every platform service on the machine.
 */
const allowHosts = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== ''),
  );

/** The event-sourced services' variables: webhook endpoints are an aggregate, so it has an event store. */
const service = serviceVariables('notifications', 3006);

/** Notifications' whole environment (README "Configuration"); no other file reads process.env. */
const serviceSchema = z.object({
  ...service,
  DATABASE_URL: databaseUrl.optional(),
  [ownDatabase]: databaseUrl.optional(),
  /**
   * Smaller than the other services' 10: its consumers take one message at a time and its sender and delivery worker
   * one batch at a time, and the platform's services share one Postgres's connections.
   */
  DATABASE_POOL_SIZE: positiveInt(1, 100).default(5),
  DATABASE_ACQUIRE_TIMEOUT_MS: databaseAcquireTimeoutMs,
  /** Where mail goes out; in Kubernetes from a Secret, as it may hold the relay's password. */
  SMTP_URL: smtpUrl,
  /** The From of every message. */
  MAIL_FROM: z.string().min(3).default('FinTech Platform <no-reply@fintech-platform.local>'),
  /** The app's address as customers reach it: every link in a message is made absolute against it. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  /** How often the sender looks for mail due; a new send is also picked up within this. */
  SEND_TICK_MS: positiveInt(100, 60_000).default(2_000),
  /** Tries per message before it is marked failed (README "Retries"). */
  SEND_MAX_ATTEMPTS: positiveInt(1, 20).default(8),
  SEND_RETRY_BASE_MS: positiveInt(100, 3_600_000).default(30_000),
  EVENTSTORE_URL: eventStoreUrl,
  SECRETS_KEYS: secretsKeys,
  WEBHOOK_ALLOW_HOSTS: allowHosts,
  /** For one delivery attempt as a whole: lookup, connection, redirects and the answer's excerpt. */
  WEBHOOK_TIMEOUT_MS: positiveInt(100, 120_000).default(15_000),
  /** How much of a receiver's answer the delivery log keeps. */
  WEBHOOK_EXCERPT_BYTES: positiveInt(0, 65_536).default(1_024),
});

export type NotificationsConfig = WithDatabaseUrl<z.output<typeof serviceSchema>, typeof ownDatabase>;

export function loadConfig(env: Record<string, string | undefined> = process.env): NotificationsConfig {
  return resolveDatabaseUrl(parseConfig(serviceSchema, env), ownDatabase);
}

/** What `reseal` needs: storage and the key ring (old keys still in it, the new one first). */
const keyRingSchema = z.object({ ...storageVariables(ownDatabase), SECRETS_KEYS: secretsKeys });

export const loadKeyRingConfig = databaseConfigLoader(keyRingSchema, ownDatabase);

/** Notifications' Postgres schema: its copy of the recipients, the mail it sends, its webhook endpoints. */
export const notificationsSchema = 'notifications';
