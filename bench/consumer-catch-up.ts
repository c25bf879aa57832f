/**
 * Figure 13: an integration consumer catching up with a backlog (issue 18: the 100k-tenant catch-up was bound by
 * billing's consumers of tenancy's stream). Billing's copy of tenancy, as the billing-tenancy consumer keeps it
 * (startIntegrationConsumer with applyTenancyMessage, on billing's own schema and migrations), drains a test
 * stream of tenancy events already published: each tenant's creation and three subscriptions started, the
 * scale bench's shape. Baseline: the same consumer applying one message per transaction (batchSize 1), draining
 * the same stream under a durable name of its own. Baseline and batched runs alternate; medians.
 */
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { tenancySubjects, type IntegrationEnvelope } from '@app/contracts';
import { connectNats, defaultBatchSize, ensureStream, startIntegrationConsumer } from '@app/eventing';
import { uniquePrefix } from '@app/test-support';
import { openServiceStorage } from '@app/service-kit/runtime';
import { billingSchema } from '../services/billing/src/config.js';
import { applyTenancyMessage } from '../services/billing/src/projections/tenancy-copy.js';
import { service as billing } from '../services/billing/src/service.js';
import { sizes } from './config.js';
import { quietAfter } from './quiet-logger.js';
import type { Measurement } from './report.js';
import { listRates, median, perSecond, timed } from './stats.js';

export async function measureConsumerCatchUp(databaseUrl: string, natsUrl: string): Promise<Measurement> {
  const { tenants, subscriptionsPerTenant, rounds } = sizes.catchUp;
  let closed = false;
  const storage = await openServiceStorage(
    billing.storage,
    { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: 4, DATABASE_ACQUIRE_TIMEOUT_MS: 30_000 },
    quietAfter('catch-up storage', () => closed),
  );
  const nats = await connectNats({ url: natsUrl, name: 'bench-consumer-catch-up' });
  const jsm = await jetstreamManager(nats);
  const prefix = uniquePrefix('bench');
  const stream = { name: `${prefix}_TENANCY`, subjects: [`${prefix}.tenancy.>`] };
  try {
    await ensureStream(jsm, stream);
    const messages = await publishBacklog(nats, prefix, tenants, subscriptionsPerTenant);
    const drain = (batchSize: number, run: number) =>
      drainedRate({ pool: storage.pool, nats, jsm, stream: stream.name, prefix, batchSize, run, messages });
    const batched: number[] = [];
    const single: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      single.push(await drain(1, round * 2));
      batched.push(await drain(defaultBatchSize, round * 2 + 1));
    }
    await checkCopy(storage.pool, tenants, subscriptionsPerTenant);
    return {
      value: median(batched),
      baseline: median(single),
      unit: 'messages/s',
      target: { on: 'ratio', atLeast: 5 },
      notes: [
        `${messages} tenancy messages (${tenants} tenants created, ${subscriptionsPerTenant} subscriptions started`,
        `each) published to a stream of the bench's own, then drained by billing's tenancy copy consumer`,
        `(applyTenancyMessage on the billing schema): batches of ${defaultBatchSize} in one transaction against`,
        `one message per transaction (batchSize 1), each run under a new durable name from an emptied copy;`,
        `batched: ${listRates(batched)} messages/s; one at a time: ${listRates(single)} messages/s.`,
      ],
    };
  } finally {
    closed = true;
    await jsm.streams.delete(stream.name).catch(() => undefined);
    await nats.drain();
    await storage.close();
  }
}

/** The backlog, published with a few hundred publishes in flight; answers how many messages it holds. */
async function publishBacklog(
  nats: NatsConnection,
  prefix: string,
  tenants: number,
  subscriptionsPerTenant: number,
): Promise<number> {
  const js = jetstream(nats);
  const envelopes = Array.from({ length: tenants }, (_, index) =>
    tenantHistory(index, subscriptionsPerTenant),
  ).flat();
  const window = 500;
  for (let start = 0; start < envelopes.length; start += window) {
    await Promise.all(
      envelopes
        .slice(start, start + window)
        .map((envelope) =>
          js.publish(`${prefix}.${envelope.type}`, JSON.stringify(envelope), { msgID: envelope.id }),
        ),
    );
  }
  return envelopes.length;
}

function tenantHistory(index: number, subscriptions: number): IntegrationEnvelope[] {
  const tenantId = uuidv7();
  const at = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();
  const created: IntegrationEnvelope = {
    id: uuidv7(),
    type: tenancySubjects.tenantCreated,
    occurredAt: at,
    data: {
      tenantId,
      name: `Bench tenant ${index}`,
      slug: `bench-tenant-${index}`,
      ownerId: uuidv7(),
      status: 'active',
      domainUrl: null,
      createdAt: at,
    },
  };
  const started = Array.from({ length: subscriptions }, (_, number): IntegrationEnvelope => ({
    id: uuidv7(),
    type: tenancySubjects.subscriptionStarted,
    occurredAt: at,
    data: {
      subscriptionId: uuidv7(),
      tenantId,
      productId: uuidv7(),
      plan: 'professional',
      status: number === 0 ? 'trial' : 'active',
      amountCents: 4_900 + number * 100,
      startedAt: at,
    },
  }));
  return [created, ...started];
}

interface Drain {
  pool: pg.Pool;
  nats: NatsConnection;
  jsm: JetStreamManager;
  stream: string;
  prefix: string;
  batchSize: number;
  run: number;
  messages: number;
}

/** Messages/s from the consumer's start until JetStream has nothing of the stream left for it. */
async function drainedRate(drain: Drain): Promise<number> {
  await drain.pool.query('TRUNCATE tenants, subscriptions');
  const durableName = `bench-tenancy-copy-${drain.run}`;
  const ms = await timed(async () => {
    const consumer = await startIntegrationConsumer({
      nats: drain.nats,
      stream: drain.stream,
      durableName,
      filterSubject: `${drain.prefix}.tenancy.>`,
      eventTypes: Object.values(tenancySubjects),
      pool: drain.pool,
      schema: billingSchema,
      logger: quietAfter('catch-up consumer', () => false),
      batchSize: drain.batchSize,
      handle: applyTenancyMessage,
    });
    try {
      await drained(drain.jsm, drain.stream, durableName);
    } finally {
      await consumer.stop();
    }
  });
  return perSecond(drain.messages, ms);
}

async function drained(jsm: JetStreamManager, stream: string, durableName: string): Promise<void> {
  const deadline = performance.now() + sizes.catchUp.drainDeadlineMs;
  while (performance.now() < deadline) {
    const info = await jsm.consumers.info(stream, durableName).catch(() => null);
    if (info && info.num_pending === 0 && info.num_ack_pending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${durableName} did not drain ${stream} within ${sizes.catchUp.drainDeadlineMs} ms`);
}

/** A fast drain that copies the wrong rows is no result: every tenant and subscription must be there. */
async function checkCopy(pool: pg.Pool, tenants: number, subscriptionsPerTenant: number): Promise<void> {
  const { rows } = await pool.query<{ tenants: string; subscriptions: string }>(
    `SELECT (SELECT count(*) FROM tenants) AS tenants, (SELECT count(*) FROM subscriptions) AS subscriptions`,
  );
  const copied = { tenants: Number(rows[0]?.tenants), subscriptions: Number(rows[0]?.subscriptions) };
  const expected = { tenants, subscriptions: tenants * subscriptionsPerTenant };
  if (copied.tenants !== expected.tenants || copied.subscriptions !== expected.subscriptions) {
    throw new Error(`billing's copy holds ${JSON.stringify(copied)}; expected ${JSON.stringify(expected)}`);
  }
}
