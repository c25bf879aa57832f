import { randomBytes, randomUUID } from 'node:crypto';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelemetry } from '@app/service-kit/telemetry';

// One tracer provider per process, registered before pg and http are loaded (as bootService does): notifications'
// consumers, sender and delivery worker below report to this exporter.
const exporter = new InMemorySpanExporter();
const telemetry = startTelemetry({ serviceName: 'notification-trace-test', spanExporter: exporter });

const { headers: natsHeaders } = await import('@nats-io/transport-node');
const { jetstream } = await import('@nats-io/jetstream');
const { billingStream, catalogStream, identityStream, tenancyStream } = await import('@app/contracts');
const { createSsrfGuard } = await import('@app/outbound');
const { identityHeaders } = await import('@app/service-kit/testing');
const { silentLogger } = await import('@app/test-support');
const { eventually } = await import('@app/test-support/eventually');
const { startLocalServer } = await import('@app/test-support/local-server');
const { withConsumers } = await import('@app/test-support/nats');
const { appLinks } = await import('../../services/notifications/src/integration/app-links.js');
const { notificationsConsumers, startNotificationsConsumers } =
  await import('../../services/notifications/src/integration/start-notifications-consumers.js');
const { emailSendsCounter } = await import('../../services/notifications/src/outbox/email-metrics.js');
const { createSmtpMailer } = await import('../../services/notifications/src/outbox/mailer.js');
const { createDeliveryWorker } = await import('../../services/notifications/src/webhooks/delivery-worker.js');
const { startWebhookConsumers, webhookConsumers } =
  await import('../../services/notifications/src/webhooks/integration/start-webhook-consumers.js');
const { webhookMetrics } = await import('../../services/notifications/src/webhooks/webhook-metrics.js');
const { wireEmailSender } = await import('../../services/notifications/src/wire.js');
const { mailWorld } = await import('../../services/notifications/test/support/mail-world.js');
const { startSmtpInbox } = await import('../../services/notifications/test/support/smtp-inbox.js');
const { startWebhookHarness, testKeyRing } =
  await import('../../services/notifications/test/support/webhook-harness.js');

/**
 * One paid invoice, as billing's relay publishes it in the trace of the command that paid it, followed through
 * notifications: the receipt's SMTP send and the webhook's HTTP delivery are spans of that same trace, each under
 * the consumer span that queued it (ARCHITECTURE.md "Observability": one trace from the business event on).
 */
const notifications = await startWebhookHarness();
const harness = await withConsumers(
  notifications,
  [identityStream, tenancyStream, catalogStream, billingStream],
  async (nats) => {
    const clients = {
      nats: nats.nc,
      pool: notifications.pool,
      natsPrefix: nats.prefix,
      logger: silentLogger,
    };
    const mail = await startNotificationsConsumers(clients, {
      links: appLinks('https://app.example'),
      now: () => new Date(),
    });
    const webhooks = await startWebhookConsumers(clients, () => new Date());
    return {
      async stop() {
        await webhooks.stop();
        await mail.stop();
      },
    };
  },
);
const inbox = await startSmtpInbox();
const mailer = createSmtpMailer(inbox.url, { timeoutMs: 5_000 });
type Server = Awaited<ReturnType<typeof startLocalServer>>;
let receiver: Server;

beforeAll(async () => {
  receiver = await startLocalServer((server) => {
    server.post('/hooks', async (_request, reply) => reply.code(204).send());
  });
});
afterAll(async () => {
  mailer.close();
  await inbox.close();
  await receiver?.close();
  await harness.close();
  await telemetry.shutdown();
});

/** The spans above `span`, nearest first, as far as this trace's finished spans reach. */
function ancestors(span: ReadableSpan, byId: Map<string, ReadableSpan>): ReadableSpan[] {
  const chain: ReadableSpan[] = [];
  for (let parent = span.parentSpanContext; parent;) {
    const next = byId.get(parent.spanId);
    if (next === undefined) break;
    chain.push(next);
    parent = next.parentSpanContext;
  }
  return chain;
}

describe('a paid invoice', () => {
  it('is one trace from the event billing published to the receipt’s SMTP send and the webhook’s POST', async () => {
    const world = mailWorld(harness);
    const buyer = await world.aUser();
    const productId = await world.aProduct();
    const { tenantId } = await world.aSubscription(buyer, productId);
    const registered = await harness.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${tenantId}/webhooks/endpoints`,
      headers: await identityHeaders('admin'),
      payload: { url: `${receiver.origin}/hooks`, eventTypes: ['billing.invoice.paid.v1'] },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const endpointId = registered.json<{ id: string }>().id;
    await eventually(
      async () =>
        (await harness.pool.query('SELECT 1 FROM webhook_endpoints WHERE id = $1', [endpointId])).rowCount,
      (count) => count === 1,
    );

    // Billing's relay puts the paying command's trace context on the message (relay/publish.ts).
    const traceId = randomBytes(16).toString('hex');
    const producerSpanId = randomBytes(8).toString('hex');
    const invoiceId = randomUUID();
    const envelope = {
      id: randomUUID(),
      type: 'billing.invoice.paid.v1',
      occurredAt: new Date().toISOString(),
      data: {
        invoiceId,
        number: 'INV-004242',
        userId: buyer.userId,
        tenantId,
        subscriptionId: null,
        productId,
        amountCents: 2_900,
        currency: 'usd',
        paidAt: new Date().toISOString(),
      },
    };
    const carried = natsHeaders();
    carried.set('traceparent', `00-${traceId}-${producerSpanId}-01`);
    await jetstream(harness.nats.nc).publish(
      `${harness.nats.prefix}.${envelope.type}`,
      JSON.stringify(envelope),
      { msgID: envelope.id, headers: carried },
    );

    const queued = async (sql: string) => (await harness.pool.query(sql, [envelope.id])).rowCount;
    await eventually(
      () => queued('SELECT 1 FROM email_sends WHERE event_id = $1'),
      (count) => count === 1,
    );
    await eventually(
      () => queued('SELECT 1 FROM webhook_deliveries WHERE message_id = $1'),
      (count) => count === 1,
    );
    const sender = wireEmailSender(
      {
        MAIL_FROM: 'FinTech Platform <no-reply@app.example>',
        SEND_MAX_ATTEMPTS: 3,
        SEND_RETRY_BASE_MS: 100,
        SECRETS_KEYS: testKeyRing,
      },
      { pool: harness.pool, mailer, logger: silentLogger, sends: emailSendsCounter() },
    );
    expect(await sender.sendDue()).toBe(1);
    const worker = createDeliveryWorker({
      pool: harness.pool,
      eventStore: harness.eventStore,
      keyRing: testKeyRing,
      guard: createSsrfGuard({ allowHosts: [`127.0.0.1:${receiver.port}`] }),
      settings: { timeoutMs: 2_000, excerptBytes: 64 },
      now: () => new Date(),
      logger: silentLogger,
      metrics: webhookMetrics(),
    });
    expect(await worker.deliverDue()).toBe(1);
    expect(inbox.mails.some((mail) => mail.to.includes(buyer.email))).toBe(true);
    await telemetry.flush();

    const trace = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
    const byId = new Map(trace.map((span) => [span.spanContext().spanId, span]));
    const consumerOf = (durable: string) =>
      trace.find(
        (span) =>
          span.kind === SpanKind.CONSUMER && span.attributes['messaging.consumer.group.name'] === durable,
      );
    const mailConsumer = consumerOf(notificationsConsumers.billing);
    const webhookConsumer = consumerOf(webhookConsumers.billing);
    expect(mailConsumer?.parentSpanContext?.spanId).toBe(producerSpanId);
    expect(webhookConsumer?.parentSpanContext?.spanId).toBe(producerSpanId);

    const send = trace.find((span) => span.name === 'send email receipt');
    expect(send, 'the send span, in the event’s trace').toBeDefined();
    expect(send!.parentSpanContext?.spanId).toBe(mailConsumer!.spanContext().spanId);

    const deliver = trace.find((span) => span.name === 'deliver webhook billing.invoice.paid.v1');
    expect(deliver, 'the delivery span, in the event’s trace').toBeDefined();
    expect(deliver!.parentSpanContext?.spanId).toBe(webhookConsumer!.spanContext().spanId);
    const post = trace.find((span) => span.kind === SpanKind.CLIENT && /^POST\b/.test(span.name));
    expect(post, 'the webhook POST’s http span').toBeDefined();
    expect(ancestors(post!, byId)).toContain(deliver);
  });
});
