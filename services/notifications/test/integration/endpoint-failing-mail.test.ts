import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@app/eventing';
import { createSsrfGuard } from '@app/outbound';
import { identityHeaders } from '@app/service-kit/testing';
import { silentLogger } from '@app/test-support';
import { eventually } from '@app/test-support/eventually';
import { startLocalServer } from '@app/test-support/local-server';
import { startServiceHarness } from '@app/test-support/service-harness';
import { buildApp } from '../../src/app.js';
import { appLinks } from '../../src/integration/app-links.js';
import { emailSendsCounter } from '../../src/outbox/email-metrics.js';
import { createSmtpMailer } from '../../src/outbox/mailer.js';
import { notificationsEventSourcing } from '../../src/runtime.js';
import { createDeliveryWorker } from '../../src/webhooks/delivery-worker.js';
import { webhookMetrics } from '../../src/webhooks/webhook-metrics.js';
import { queueWebhookDeliveries } from '../../src/webhooks/integration/queue-deliveries.js';
import { endpointFailingMailProjection } from '../../src/webhooks/projections/endpoint-failing-mail.js';
import { wireEmailSender } from '../../src/wire.js';
import { decodedMail } from '../support/mail-text.js';
import { startSmtpInbox } from '../support/smtp-inbox.js';
import { copyTenant, testKeyRing } from '../support/webhook-harness.js';

/**
 * The mail to a tenant's owner when an endpoint's retries run out: the delivery worker marks it failing on its
 * stream, the mail projection queues the message, the sender mails it to a real SMTP server in this process.
 */
const mailProjection = endpointFailingMailProjection({
  links: appLinks('https://app.example'),
  now: () => new Date(),
});
const harness = await startServiceHarness(
  { ...notificationsEventSourcing, projections: [...notificationsEventSourcing.projections, mailProjection] },
  (context) => buildApp(context, { keyRing: testKeyRing, publicUrl: 'https://app.example' }),
);
const inbox = await startSmtpInbox();
const mailer = createSmtpMailer(inbox.url, { timeoutMs: 5_000 });
type Server = Awaited<ReturnType<typeof startLocalServer>>;
let receiver: Server;

beforeAll(async () => {
  receiver = await startLocalServer((server) => {
    server.post('/hooks', async (_request, reply) => reply.code(503).send('down for maintenance'));
  });
});
afterAll(async () => {
  mailer.close();
  await inbox.close();
  await receiver?.close();
  await harness.close();
});

const admin = await identityHeaders('admin');
const paid = 'billing.invoice.paid.v1';
const sender = wireEmailSender(
  {
    MAIL_FROM: 'FinTech Platform <no-reply@app.example>',
    SEND_MAX_ATTEMPTS: 3,
    SEND_RETRY_BASE_MS: 100,
    SECRETS_KEYS: testKeyRing,
  },
  { pool: harness.pool, mailer, logger: silentLogger, sends: emailSendsCounter() },
);

/** A tenant whose owner is in the copy of identity's users, with their Email switch as given. */
async function ownedTenant(emailEnabled: boolean) {
  const tenantId = crypto.randomUUID();
  const ownerId = crypto.randomUUID();
  const email = `owner-${ownerId}@example.test`;
  await harness.pool.query(
    `INSERT INTO users (user_id, email, first_name, is_active, email_enabled, updated_at)
     VALUES ($1, $2, 'Grace', true, $3, now())`,
    [ownerId, email, emailEnabled],
  );
  await copyTenant(harness.pool, tenantId, ownerId);
  return { tenantId, ownerId, email };
}

/**
 * Registers an endpoint at the receiver (which answers 503), queues one message for it, and runs the worker on
 * an injected clock from 2026-11-20 08:00 until the schedule has run out. Returns the stored failing mark.
 */
async function endpointThatFails(tenantId: string) {
  const url = `${receiver.origin}/hooks`;
  const created = await harness.app.inject({
    method: 'POST',
    url: `/api/admin/tenants/${tenantId}/webhooks/endpoints`,
    headers: admin,
    payload: { url, eventTypes: [paid] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const endpointId = created.json<{ id: string }>().id;
  await eventually(
    async () =>
      (await harness.pool.query('SELECT 1 FROM webhook_endpoints WHERE id = $1', [endpointId])).rowCount,
    (count) => count === 1,
  );
  let clock = new Date('2026-11-20T08:00:00.000Z');
  const client = await harness.pool.connect();
  try {
    const event = {
      id: crypto.randomUUID(),
      type: paid,
      occurredAt: clock.toISOString(),
      data: { tenantId },
    };
    await queueWebhookDeliveries(event, client, clock);
  } finally {
    client.release();
  }
  const worker = createDeliveryWorker({
    pool: harness.pool,
    eventStore: harness.eventStore,
    keyRing: testKeyRing,
    guard: createSsrfGuard({ allowHosts: [`127.0.0.1:${receiver.port}`] }),
    settings: { timeoutMs: 2_000, excerptBytes: 64 },
    now: () => clock,
    logger: silentLogger,
    metrics: webhookMetrics(),
  });
  for (let round = 0; round < 20; round += 1) {
    await worker.deliverDue();
    clock = new Date(clock.getTime() + 12 * 60 * 60 * 1000);
  }
  const { events } = await harness.eventStore.readStream(`notifications_webhookendpoint-${endpointId}`);
  const marked = events.find((event) => event.type === 'WebhookEndpointMarkedFailing');
  if (!marked) throw new Error('the endpoint was not marked failing');
  expect(await harness.projections.waitFor(marked.position, 10_000)).toBe(true);
  return { url, marked };
}

async function sendsFor(recipientId: string) {
  const { rows } = await harness.pool.query<{ event_id: string; message: string }>(
    'SELECT event_id, message FROM email_sends WHERE recipient_id = $1',
    [recipientId],
  );
  return rows;
}

async function applyAgain(recorded: RecordedEvent): Promise<void> {
  const client = await harness.pool.connect();
  try {
    await client.query('BEGIN');
    await mailProjection.apply(recorded, client);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

describe('an endpoint marked failing', () => {
  it("mails the tenant's owner the endpoint, since when it fails, the last error and where to enable it, once", async () => {
    const { tenantId, ownerId, email } = await ownedTenant(true);
    const { url, marked } = await endpointThatFails(tenantId);

    expect(await sendsFor(ownerId)).toEqual([{ event_id: marked.id, message: 'webhook-endpoint-failing' }]);
    await sender.sendDue();
    const mails = inbox.mails.filter((mail) => mail.to.includes(email)).map(decodedMail);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toContain(
      `Subject: Action needed: a webhook endpoint of Tenant ${tenantId.slice(0, 8)} is failing`,
    );
    expect(mail).toContain(url);
    expect(mail).toContain(`Failing since: Nov 20, 2026, 8:00 AM UTC`);
    expect(mail).toContain('Last error: The endpoint answered HTTP 503');
    expect(mail).toContain('https://app.example/settings');
    expect(mail).toContain('Hi Grace,');

    // The same stored event again (a replay, a rebuild): nothing queued twice, nothing sent twice.
    await applyAgain(marked);
    expect(await sendsFor(ownerId)).toHaveLength(1);
    expect(await sender.sendDue()).toBe(0);
  });

  it('sends nothing to an owner whose Email Notifications switch is off', async () => {
    const { tenantId, ownerId } = await ownedTenant(false);
    await endpointThatFails(tenantId);

    expect(await sendsFor(ownerId)).toEqual([]);
  });
});
