import type { ReadinessCheck, Telemetry } from '@app/service-kit';
import { acceptedSecrets, createLogger, runService } from '@app/service-kit';
import { connectNats } from '@app/eventing';
import { buildApp } from './app.js';
import type { NotificationsConfig } from './config.js';
import { appLinks } from './integration/app-links.js';
import { startNotificationsConsumers } from './integration/start-notifications-consumers.js';
import { emailSendsCounter } from './outbox/email-metrics.js';
import { createSmtpMailer } from './outbox/mailer.js';
import { openNotificationsStorage } from './runtime.js';
import { wireEmailSender } from './wire.js';

/**
 * Notifications' process. Not runEventSourcedService: it has no event store or relay, as it only consumes.
 * Storage, NATS, the consumers that copy recipients and queue mail, the sender that mails it, and HTTP (health,
 * metrics); on a signal the same in reverse.
 */
export async function main(config: NotificationsConfig, telemetry: Telemetry): Promise<void> {
  const logger = createLogger({ name: 'notifications', level: config.LOG_LEVEL });
  const pool = await openNotificationsStorage(config, logger.child({ component: 'storage' }));
  const nats = await connectNats({ url: config.NATS_URL, name: 'notifications' });
  const readiness: ReadinessCheck[] = [
    { name: 'postgres', check: async () => void (await pool.query('SELECT 1')) },
    { name: 'nats', check: async () => void (await nats.flush()) },
  ];
  const now = () => new Date();
  const consumers = await startNotificationsConsumers(
    {
      nats,
      pool,
      natsPrefix: config.NATS_PREFIX,
      processedMessageRetentionMs: config.PROCESSED_MESSAGES_RETENTION_DAYS * 24 * 60 * 60 * 1000,
      logger: logger.child({ component: 'consumers' }),
    },
    { links: appLinks(config.PUBLIC_URL), now },
  );
  const mailer = createSmtpMailer(config.SMTP_URL);
  const sends = emailSendsCounter();
  const sender = wireEmailSender(config, {
    pool,
    mailer,
    logger: logger.child({ component: 'sender' }),
    sends,
    now,
  }).start(config.SEND_TICK_MS);
  const app = await buildApp({
    identitySecret: acceptedSecrets(config),
    logLevel: config.LOG_LEVEL,
    metrics: [sends],
    readiness,
    telemetry,
  });

  await runService({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    onClose: [
      () => sender.stop(),
      () => consumers.stop(),
      async () => mailer.close(),
      () => nats.drain(),
      () => pool.end(),
      () => telemetry.shutdown(),
    ],
  });
}
