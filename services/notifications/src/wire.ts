import type pg from 'pg';
import type { EventingLogger } from '@app/eventing';
import type { NotificationsConfig } from './config.js';
import type { EmailSendsCounter } from './outbox/email-metrics.js';
import { createEmailSender } from './outbox/email-sender.js';
import type { Mailer } from './outbox/mailer.js';

/** How many sends one claim takes, and how long a claimed send is held against another replica. */
const batchSize = 20;
const leaseMs = 5 * 60 * 1000;

/** The sender as main.ts runs it; tests pass their own mailer, clock and retry base. */
export function wireEmailSender(
  config: Pick<NotificationsConfig, 'MAIL_FROM' | 'SEND_MAX_ATTEMPTS' | 'SEND_RETRY_BASE_MS'>,
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
    from: config.MAIL_FROM,
    policy: { maxAttempts: config.SEND_MAX_ATTEMPTS, baseMs: config.SEND_RETRY_BASE_MS, leaseMs, batchSize },
    now: clients.now ?? (() => new Date()),
    logger: clients.logger,
    sends: clients.sends,
  });
}
