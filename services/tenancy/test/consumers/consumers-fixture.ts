import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { billingStream, catalogStream, identityStream, type IntegrationEnvelope } from '@app/contracts';
import { connectNats, ensureStream } from '@app/eventing';
import { uniquePrefix } from '@app/test-support';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, inject } from 'vitest';
import { wireTenantCommands } from '../../src/application/wire-tenant-commands.js';
import { startTenancyConsumers } from '../../src/integration/consumers/start-tenancy-consumers.js';
import {
  silentLogger,
  startSubscriptionHarness,
  testKeyRing,
  type SubscriptionHarness,
} from '../subscriptions/support.js';

const streams = [catalogStream, identityStream, billingStream];

/**
 * Tenancy's consumers as service.ts starts them, on a harness of this test file's own and NATS streams under a
 * prefix of its own; started before the file's tests and stopped after them.
 */
export function useTenancyConsumers() {
  const prefix = uniquePrefix();
  let harness: SubscriptionHarness | undefined;
  let nc: NatsConnection | undefined;
  let jsm: JetStreamManager | undefined;
  let consumers: { stop(): Promise<void> } | undefined;

  beforeAll(async () => {
    const h = await startSubscriptionHarness();
    harness = h;
    nc = await connectNats({ url: inject('natsUrl'), name: 'tenancy-consumers-test' });
    jsm = await jetstreamManager(nc);
    for (const stream of streams) {
      await ensureStream(jsm, {
        name: `${prefix}_${stream.name}`,
        subjects: stream.subjects.map((subject) => `${prefix}.${subject}`),
      });
    }
    const tenants = wireTenantCommands(h.eventStore, h.pool, testKeyRing, () => new Date());
    consumers = await startTenancyConsumers(
      { nats: nc, pool: h.pool, natsPrefix: prefix, logger: silentLogger },
      { createTenant: tenants.createTenant, subscriptions: h.commands, projections: h.projections },
    );
  });
  afterAll(async () => {
    await consumers?.stop();
    for (const stream of streams) {
      await jsm?.streams.delete(`${prefix}_${stream.name}`).catch(() => undefined);
    }
    await nc?.drain();
    await harness?.close();
  });

  return {
    get h(): SubscriptionHarness {
      if (!harness) throw new Error('the consumers fixture starts in beforeAll');
      return harness;
    },
    /** As the relays publish: subject = prefix + type, Nats-Msg-Id = the envelope id. */
    async publish(type: string, data: Record<string, unknown>, id = uuidv7()): Promise<IntegrationEnvelope> {
      if (!nc) throw new Error('the consumers fixture starts in beforeAll');
      const envelope = { id, type, occurredAt: new Date().toISOString(), data };
      await jetstream(nc).publish(`${prefix}.${type}`, JSON.stringify(envelope), {
        msgID: `${id}-${uuidv7()}`,
      });
      return envelope;
    },
  };
}

export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** identity.user.registered.v1's data for a customer who signed up. */
export const registered = (userId: string, overrides: Record<string, unknown> = {}) => ({
  userId,
  email: `u-${userId}@example.test`,
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'tenant',
  registeredVia: 'sign-up',
  registeredAt: new Date().toISOString(),
  ...overrides,
});
