import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tenancyStream } from '@app/contracts';
import { connectNats, ensureStream, type IntegrationConsumer } from '@app/eventing';
import { uniquePrefix } from '@app/test-support';
import { monitoringSchema } from '../../src/config.js';
import { startMonitoringConsumers } from '../../src/integration/start-monitoring-consumers.js';
import { findWatchedTargets } from '../../src/store/watched-targets.js';
import {
  silentLogger,
  startMonitoringStorage,
  type MonitoringStorage,
} from '../support/monitoring-harness.js';

let storage: MonitoringStorage;
let nc: NatsConnection;
let jsm: JetStreamManager;
let consumer: IntegrationConsumer;
const prefix = uniquePrefix();
const streamName = `${prefix}_${tenancyStream.name}`;

beforeAll(async () => {
  storage = await startMonitoringStorage();
  nc = await connectNats({ url: inject('natsUrl'), name: 'monitoring-consumers-test' });
  jsm = await jetstreamManager(nc);
  await ensureStream(jsm, { name: streamName, subjects: [`${prefix}.tenancy.>`] });
  consumer = await startMonitoringConsumers({
    nats: nc,
    pool: storage.pool,
    schema: monitoringSchema,
    prefix,
    logger: silentLogger,
  });
});
afterAll(async () => {
  await consumer?.stop();
  await jsm?.streams.delete(streamName).catch(() => undefined);
  await nc?.drain();
  await storage?.close();
});

/** As tenancy's relay publishes: subject = prefix + type, Nats-Msg-Id = the envelope id. */
async function publish(type: string, data: Record<string, unknown>, id: string = randomUUID()) {
  const envelope = { id, type, occurredAt: new Date().toISOString(), data };
  await jetstream(nc).publish(`${prefix}.${type}`, JSON.stringify(envelope), { msgID: id });
}

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("tenancy's messages", () => {
  it('keep which subscriptions have an app to watch, and tenant names', async () => {
    const [tenantId, productId, subscriptionId] = [randomUUID(), randomUUID(), randomUUID()];
    const at = new Date().toISOString();
    const ids = { subscriptionId, tenantId, productId };
    await publish('tenancy.tenant.created.v1', {
      tenantId,
      name: 'Acme',
      slug: 'acme',
      ownerId: null,
      status: 'active',
      domainUrl: null,
      createdAt: at,
    });
    await publish('tenancy.subscription.started.v1', {
      ...ids,
      plan: 'basic',
      status: 'trial',
      amountCents: 4_900,
      startedAt: at,
    });
    const configured = randomUUID();
    const endpoint = {
      ...ids,
      domainUrl: 'https://acme.example',
      metricsApiKeyConfigured: true,
      configuredAt: at,
    };
    await publish('tenancy.subscription.endpoint-configured.v1', endpoint, configured);
    // A redelivered message changes nothing.
    await publish('tenancy.subscription.endpoint-configured.v1', endpoint, configured);
    await publish('tenancy.tenant.updated.v1', { tenantId, name: 'Acme Builders', changedAt: at });

    const watched = await eventually(
      () => findWatchedTargets(storage.pool, tenantId),
      (targets) => targets.length === 1,
    );
    expect(watched).toEqual([{ subscriptionId, tenantId, domainUrl: 'https://acme.example' }]);
    const name = await eventually(
      async () =>
        (await storage.pool.query('SELECT name FROM tenants WHERE tenant_id = $1', [tenantId])).rows[0]?.name,
      (value) => value === 'Acme Builders',
    );
    expect(name).toBe('Acme Builders');

    await publish('tenancy.subscription.status-changed.v1', {
      ...ids,
      previousStatus: 'trial',
      status: 'cancelled',
      changedAt: at,
    });
    const afterCancel = await eventually(
      () => findWatchedTargets(storage.pool, tenantId),
      (targets) => targets.length === 0,
    );
    expect(afterCancel).toEqual([]);
    const { rows } = await storage.pool.query(
      'SELECT status, metrics_api_key_configured FROM watched_subscriptions WHERE subscription_id = $1',
      [subscriptionId],
    );
    expect(rows).toEqual([{ status: 'cancelled', metrics_api_key_configured: true }]);
  });

  it('drop an app whose domain URL is cleared', async () => {
    const [tenantId, productId, subscriptionId] = [randomUUID(), randomUUID(), randomUUID()];
    const at = new Date().toISOString();
    const ids = { subscriptionId, tenantId, productId };
    await publish('tenancy.subscription.started.v1', {
      ...ids,
      plan: 'basic',
      status: 'active',
      amountCents: 0,
      startedAt: at,
    });
    await publish('tenancy.subscription.endpoint-configured.v1', {
      ...ids,
      domainUrl: 'https://x.example',
      metricsApiKeyConfigured: false,
      configuredAt: at,
    });
    await eventually(
      () => findWatchedTargets(storage.pool, tenantId),
      (targets) => targets.length === 1,
    );
    await publish('tenancy.subscription.endpoint-configured.v1', {
      ...ids,
      domainUrl: null,
      metricsApiKeyConfigured: false,
      configuredAt: at,
    });
    const targets = await eventually(
      () => findWatchedTargets(storage.pool, tenantId),
      (list) => list.length === 0,
    );
    expect(targets).toEqual([]);
  });
});
