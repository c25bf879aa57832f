import type { Telemetry } from '@app/service-kit';
import { acceptedSecrets, createLogger, runService } from '@app/service-kit';
import { consumerClientsOf, startAuditRelayOf, storeReadiness } from '@app/service-kit/runtime';
import { connectNats, startProjections } from '@app/eventing';
import { buildApp } from './app.js';
import type { NotificationsConfig } from './config.js';
import { appLinks } from './integration/app-links.js';
import { startNotificationsConsumers } from './integration/start-notifications-consumers.js';
import { emailSendsCounter } from './outbox/email-metrics.js';
import { createSmtpMailer } from './outbox/mailer.js';
import { notificationsEventSourcing, openNotificationsStorage } from './runtime.js';
import { startWebhookConsumers } from './webhooks/integration/start-webhook-consumers.js';
import { endpointFailingMailProjection } from './webhooks/projections/endpoint-failing-mail.js';
import { webhookMetrics } from './webhooks/webhook-metrics.js';
import { queueGauges } from './observability/queue-gauges.js';
import { webhookTickMs, wireDeliveryWorker, wireEmailSender } from './wire.js';

/**
 * Notifications' process. Not runEventSourcedService: it publishes no integration events, so it has no relay of
 * them, only the audit relay of its endpoints' events. Storage (the event store holds webhook endpoints), NATS,
 * the endpoints' read model and the mail of an endpoint marked failing, the audit relay, the consumers that copy
 * recipients and queue mail and webhook deliveries, the sender that mails them, the worker that delivers the
 * webhooks, and HTTP; on a signal the same in reverse.
 */
export async function main(config: NotificationsConfig, telemetry: Telemetry): Promise<void> {
  const logger = createLogger({ name: 'notifications', level: config.LOG_LEVEL });
  const storage = await openNotificationsStorage(config, logger.child({ component: 'storage' }));
  const { pool, eventStore } = storage;
  const nats = await connectNats({ url: config.NATS_URL, name: 'notifications' });
  const now = () => new Date();
  const links = appLinks(config.PUBLIC_URL);
  const projections = await startProjections({
    eventStore,
    pool,
    schema: notificationsEventSourcing.storage.schema,
    categories: notificationsEventSourcing.aggregates.map((aggregate) => aggregate.category),
    projections: [...notificationsEventSourcing.projections, endpointFailingMailProjection({ links, now })],
    logger: logger.child({ component: 'projections' }),
  });
  const auditRelay = await startAuditRelayOf(notificationsEventSourcing, {
    eventStore,
    pool,
    nats,
    prefix: config.NATS_PREFIX,
    replicas: config.NATS_STREAM_REPLICAS,
    logger: logger.child({ component: 'audit-relay' }),
  });
  const readiness = storeReadiness({ pool, nats, eventStore });
  const consumers = await startNotificationsConsumers(
    consumerClientsOf(config, { nats, pool, logger: logger.child({ component: 'consumers' }) }),
    { links, now },
  );
  const webhookConsumers = await startWebhookConsumers(
    consumerClientsOf(config, { nats, pool, logger: logger.child({ component: 'webhook-consumers' }) }),
    now,
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
  const webhooks = webhookMetrics();
  const deliveries = wireDeliveryWorker(config, {
    pool,
    eventStore,
    logger: logger.child({ component: 'webhook-deliveries' }),
    metrics: webhooks,
    now,
  }).start(webhookTickMs);
  const queues = queueGauges({ pool, now, logger: logger.child({ component: 'metrics' }) });
  const app = await buildApp(
    {
      schema: notificationsEventSourcing.storage.schema,
      identitySecret: acceptedSecrets(config),
      logLevel: config.LOG_LEVEL,
      telemetry,
      db: pool,
      eventStore,
      replies: { projections, timeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS },
      readiness,
    },
    {
      keyRing: config.SECRETS_KEYS,
      publicUrl: config.PUBLIC_URL,
      metrics: [sends, webhooks.deliveries, webhooks.endpointsMarkedFailing, ...queues],
      now,
    },
  );

  await runService({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    onClose: [
      () => deliveries.stop(),
      () => sender.stop(),
      () => consumers.stop(),
      () => webhookConsumers.stop(),
      async () => mailer.close(),
      () => auditRelay.stop(),
      () => projections.stop(),
      () => nats.drain(),
      () => storage.close(),
      () => telemetry.shutdown(),
    ],
  });
}
