import type pg from 'pg';
import type { EventingLogger, EventStore } from '@app/eventing';
import { createSsrfGuard } from '@app/outbound';
import type { NotificationsConfig } from './config.js';
import type { EmailSendsCounter } from './outbox/email-metrics.js';
import { createEmailSender } from './outbox/email-sender.js';
import type { Mailer } from './outbox/mailer.js';
import { createDeliveryWorker } from './webhooks/delivery-worker.js';
import type { WebhookMetrics } from './webhooks/webhook-metrics.js';

/** How many sends one claim takes, and how long a claimed send is held against another replica. */
const batchSize = 20;
const leaseMs = 5 * 60 * 1000;

/** The sender as main.ts runs it; tests pass their own mailer, clock and retry base. */
export function wireEmailSender(
  config: Pick<
    NotificationsConfig,
    'MAIL_FROM' | 'SEND_MAX_ATTEMPTS' | 'SEND_RETRY_BASE_MS' | 'SECRETS_KEYS'
  >,
  clients: {
    pool: pg.Pool;
    mailer: Mailer;
    logger: EventingLogger;
    sends: EmailSendsCounter;
    now?: () => Date;
  },
) {
  return createEmailSender({
    pool: clients.pool,
    mailer: clients.mailer,
    keyRing: config.SECRETS_KEYS,
    from: config.MAIL_FROM,
    policy: { maxAttempts: config.SEND_MAX_ATTEMPTS, baseMs: config.SEND_RETRY_BASE_MS, leaseMs, batchSize },
    now: clients.now ?? (() => new Date()),
    logger: clients.logger,
    sends: clients.sends,
  });
}

/** How often the webhook worker looks for deliveries due; a new one is attempted within this. */
export const webhookTickMs = 2_000;

/** The webhook delivery worker as main.ts runs it: the SSRF guard and limits from the configuration. */
export function wireDeliveryWorker(
  config: Pick<
    NotificationsConfig,
    'SECRETS_KEYS' | 'WEBHOOK_ALLOW_HOSTS' | 'WEBHOOK_TIMEOUT_MS' | 'WEBHOOK_EXCERPT_BYTES'
  >,
  clients: {
    pool: pg.Pool;
    eventStore: EventStore;
    logger: EventingLogger;
    metrics: WebhookMetrics;
    now: () => Date;
  },
) {
  return createDeliveryWorker({
    ...clients,
    keyRing: config.SECRETS_KEYS,
    guard: createSsrfGuard({ allowHosts: config.WEBHOOK_ALLOW_HOSTS }),
    settings: { timeoutMs: config.WEBHOOK_TIMEOUT_MS, excerptBytes: config.WEBHOOK_EXCERPT_BYTES },
  });
}
