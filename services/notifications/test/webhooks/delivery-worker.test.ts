import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { IntegrationEnvelope } from '@app/contracts';
import { createSsrfGuard } from '@app/outbound';
import { identityHeaders } from '@app/service-kit/testing';
import { silentLogger } from '@app/test-support';
import { eventually } from '@app/test-support/eventually';
import { startLocalServer } from '@app/test-support/local-server';
import { createDeliveryWorker } from '../../src/webhooks/delivery-worker.js';
import { webhookMetrics } from '../../src/webhooks/webhook-metrics.js';
import { queueWebhookDeliveries } from '../../src/webhooks/integration/queue-deliveries.js';
import { copyTenant, startWebhookHarness, testKeyRing } from '../support/webhook-harness.js';

const harness = await startWebhookHarness();
type Server = Awaited<ReturnType<typeof startLocalServer>>;
let receiver: Server;
/** What the receiver answers, request by request; 200 once the list runs out. */
let answers: number[] = [];
const received: Array<{ headers: Record<string, string>; body: string }> = [];

beforeAll(async () => {
  receiver = await startLocalServer((server) => {
    server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    server.post('/hooks', async (request, reply) => {
      received.push({ headers: request.headers as Record<string, string>, body: request.body as string });
      const answer = answers.shift() ?? 200;
      return reply.code(answer).send(answer === 200 ? 'thanks' : 'not now');
    });
  });
});
afterAll(async () => {
  await receiver?.close();
  await harness.close();
});

const admin = await identityHeaders('admin');
const paid = 'billing.invoice.paid.v1';
/** The workers' clock, from the real time: the library verifies a signature only within 5 minutes of its time. */
let clock = new Date();
const metrics = webhookMetrics();

/** What a counter has counted so far under the given labels. */
async function counted(
  counter: { get(): Promise<{ values: Array<{ labels: object; value: number }> }> },
  labels = {},
) {
  const { values } = await counter.get();
  return values
    .filter((value) =>
      Object.entries(labels).every(
        ([key, expected]) => (value.labels as Record<string, unknown>)[key] === expected,
      ),
    )
    .reduce((sum, value) => sum + value.value, 0);
}

function worker() {
  return createDeliveryWorker({
    pool: harness.pool,
    eventStore: harness.eventStore,
    keyRing: testKeyRing,
    guard: createSsrfGuard({ allowHosts: [`127.0.0.1:${receiver.port}`] }),
    settings: { timeoutMs: 2_000, excerptBytes: 4 },
    now: () => clock,
    logger: silentLogger,
    metrics,
  });
}

async function endpointReceivingPaid() {
  const tenantId = crypto.randomUUID();
  const ownerId = crypto.randomUUID();
  await copyTenant(harness.pool, tenantId, ownerId);
  const base = `/api/admin/tenants/${tenantId}/webhooks/endpoints`;
  const created = await harness.app.inject({
    method: 'POST',
    url: base,
    headers: admin,
    payload: { url: `${receiver.origin}/hooks`, eventTypes: [paid] },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { tenantId, ownerId, base, ...created.json<{ id: string; secret: string }>() };
}

async function queuePaid(tenantId: string): Promise<IntegrationEnvelope> {
  const event = {
    id: crypto.randomUUID(),
    type: paid,
    occurredAt: clock.toISOString(),
    data: { invoiceId: crypto.randomUUID(), tenantId, amountCents: 2_900 },
  };
  const client = await harness.pool.connect();
  try {
    await queueWebhookDeliveries(event, client, clock);
  } finally {
    client.release();
  }
  return event;
}

async function attemptsOf(messageId: string) {
  const { rows } = await harness.pool.query(
    `SELECT a.attempt, a.outcome, a.status_code, a.response_excerpt, d.status, d.attempts
     FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
     WHERE d.message_id = $1 ORDER BY a.attempt`,
    [messageId],
  );
  return rows;
}

describe('the webhook delivery worker', () => {
  it('retries a failed attempt on the schedule, signs each so the Standard Webhooks library verifies it, and logs both', async () => {
    const endpoint = await endpointReceivingPaid();
    const event = await queuePaid(endpoint.tenantId);
    answers = [500];
    received.length = 0;
    const [retriedBefore, deliveredBefore] = await Promise.all([
      counted(metrics.deliveries, { outcome: 'retried' }),
      counted(metrics.deliveries, { outcome: 'delivered' }),
    ]);

    expect(await worker().deliverDue()).toBe(1);
    // Not due again until 5 minutes after the first attempt.
    expect(await worker().deliverDue()).toBe(0);
    clock = new Date(clock.getTime() + 5 * 60 * 1000);
    expect(await worker().deliverDue()).toBe(1);

    expect(await attemptsOf(event.id)).toEqual([
      expect.objectContaining({ attempt: 1, outcome: 'failed', status_code: 500, response_excerpt: 'not ' }),
      expect.objectContaining({ attempt: 2, outcome: 'delivered', status_code: 200, status: 'delivered' }),
    ]);
    expect(received.map(({ headers }) => headers['webhook-id'])).toEqual([event.id, event.id]);
    const [first] = received;
    expect(new Webhook(endpoint.secret).verify(first!.body, first!.headers)).toEqual(event);
    expect(await counted(metrics.deliveries, { outcome: 'retried' })).toBe(retriedBefore + 1);
    expect(await counted(metrics.deliveries, { outcome: 'delivered' })).toBe(deliveredBefore + 1);
  });

  it('marks the delivery failed and the endpoint failing when the schedule runs out', async () => {
    const endpoint = await endpointReceivingPaid();
    const event = await queuePaid(endpoint.tenantId);
    answers = Array.from({ length: 20 }, () => 503);
    const [failedBefore, markedBefore] = await Promise.all([
      counted(metrics.deliveries, { outcome: 'failed' }),
      counted(metrics.endpointsMarkedFailing),
    ]);

    for (let round = 0; round < 20; round += 1) {
      await worker().deliverDue();
      clock = new Date(clock.getTime() + 12 * 60 * 60 * 1000);
    }

    const attempts = await attemptsOf(event.id);
    expect(attempts).toHaveLength(13);
    expect(attempts.at(-1)).toMatchObject({ status: 'failed', attempts: 13 });
    expect(await counted(metrics.deliveries, { outcome: 'failed' })).toBe(failedBefore + 1);
    expect(await counted(metrics.endpointsMarkedFailing)).toBe(markedBefore + 1);
    // The worker marks it failing on its stream; the list shows it once the projection has.
    const listed = await eventually(
      async () =>
        (await harness.app.inject({ method: 'GET', url: endpoint.base, headers: admin })).json<{
          endpoints: Array<{ id: string; status: string }>;
        }>().endpoints,
      (endpoints) => endpoints[0]?.status === 'failing',
    );
    expect(listed).toEqual([expect.objectContaining({ id: endpoint.id, status: 'failing' })]);
  });

  it.each([
    ['disabled', 'POST', '/disable'],
    ['deleted', 'DELETE', ''],
  ] as const)(
    'does not attempt a delivery to an endpoint %s since it was queued',
    async (status, method, path) => {
      const endpoint = await endpointReceivingPaid();
      const event = await queuePaid(endpoint.tenantId);
      const stopped = await harness.app.inject({
        method,
        url: `${endpoint.base}/${endpoint.id}${path}`,
        headers: admin,
      });
      expect(stopped.statusCode, stopped.body).toBeLessThan(300);
      received.length = 0;

      await worker().deliverDue();

      expect(received).toEqual([]);
      const { rows } = await harness.pool.query(
        'SELECT status, attempts, last_error FROM webhook_deliveries WHERE message_id = $1',
        [event.id],
      );
      expect(rows).toEqual([
        { status: 'failed', attempts: 0, last_error: `Not sent: the endpoint is ${status}` },
      ]);
    },
  );

  it("shows the delivery log to the tenant's owner and admins, and redelivers on a fresh schedule", async () => {
    const endpoint = await endpointReceivingPaid();
    const event = await queuePaid(endpoint.tenantId);
    answers = [500];
    await worker().deliverDue();
    const owner = await identityHeaders('tenant', undefined, { userId: endpoint.ownerId });
    const ownerLog = `/api/tenant-webhooks/${endpoint.tenantId}/endpoints/${endpoint.id}/deliveries`;

    const log = await harness.app.inject({ method: 'GET', url: ownerLog, headers: owner });
    expect(log.statusCode, log.body).toBe(200);
    const [delivery] = log.json<{ deliveries: Array<{ id: string }> }>().deliveries;
    expect(delivery).toMatchObject({
      messageId: event.id,
      eventType: paid,
      status: 'pending',
      nextAttemptAt: new Date(clock.getTime() + 5 * 60 * 1000).toISOString(),
      lastError: 'The endpoint answered HTTP 500',
      attempts: [{ attempt: 1, outcome: 'failed', statusCode: 500, responseExcerpt: 'not ' }],
    });
    const stranger = await identityHeaders('tenant');
    expect((await harness.app.inject({ method: 'GET', url: ownerLog, headers: stranger })).statusCode).toBe(
      404,
    );

    const redelivered = await harness.app.inject({
      method: 'POST',
      url: `${endpoint.base}/${endpoint.id}/deliveries/${delivery!.id}/redeliver`,
      headers: admin,
    });
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    // Due at once by the app's clock, which is behind the workers' here: the worker takes it on its next pass.
    expect(redelivered.json()).toMatchObject({ status: 'pending', lastError: null });
    expect(await worker().deliverDue()).toBe(1);
    const after = await harness.app.inject({ method: 'GET', url: ownerLog, headers: owner });
    expect(after.json().deliveries[0]).toMatchObject({
      status: 'delivered',
      attempts: [
        { attempt: 1, outcome: 'failed' },
        { attempt: 2, outcome: 'delivered', statusCode: 200 },
      ],
    });
    const unknown = await harness.app.inject({
      method: 'POST',
      url: `${endpoint.base}/${endpoint.id}/deliveries/${crypto.randomUUID()}/redeliver`,
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
