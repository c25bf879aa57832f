import { z } from 'zod';
import {
  databaseAcquireTimeoutMs,
  databaseUrl,
  parseConfig,
  resolveDatabaseUrl,
  serviceVariables,
  type WithDatabaseUrl,
} from '@app/service-kit/config';

const ownDatabase = 'NOTIFICATIONS_DATABASE_URL';

const positiveInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), credentials in the URL. */
const smtpUrl = z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' });

/** Reused from the event-sourced services; notifications writes no events, so it has no read-your-writes wait. */
const { READ_YOUR_WRITES_TIMEOUT_MS: _readYourWrites, ...service } = serviceVariables('notifications', 3006);

/** Notifications' whole environment (README "Configuration"); no other file reads process.env. */
const serviceSchema = z.object({
  ...service,
  DATABASE_URL: databaseUrl.optional(),
  [ownDatabase]: databaseUrl.optional(),
  DATABASE_POOL_SIZE: positiveInt(1, 100).default(10),
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
});

export type NotificationsConfig = WithDatabaseUrl<z.output<typeof serviceSchema>, typeof ownDatabase>;

export function loadConfig(env: Record<string, string | undefined> = process.env): NotificationsConfig {
  return resolveDatabaseUrl(parseConfig(serviceSchema, env), ownDatabase);
}

/** Notifications' Postgres schema: its copy of the recipients and the mail it sends. */
export const notificationsSchema = 'notifications';
