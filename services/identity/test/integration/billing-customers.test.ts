import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { billingStream, billingSubjects } from '@app/contracts';
import { connectNats, ensureStream } from '@app/eventing';
import { uniquePrefix } from '@app/test-support';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startIdentityConsumers } from '../../src/integration/consumers/start-identity-consumers.js';
import { findUser } from '../../src/projections/user-queries.js';
import { silentLogger, startIdentity, type IdentityHarness } from '../support/identity-harness.js';
import { createUser } from '../support/requests.js';

let h: IdentityHarness;
let nc: NatsConnection;
let jsm: JetStreamManager;
let consumers: { stop(): Promise<void> };
const prefix = uniquePrefix();
const streamName = `${prefix}_${billingStream.name}`;

beforeAll(async () => {
  h = await startIdentity();
  nc = await connectNats({ url: inject('natsUrl'), name: 'identity-consumers-test' });
  jsm = await jetstreamManager(nc);
  await ensureStream(jsm, {
    name: streamName,
    subjects: billingStream.subjects.map((subject) => `${prefix}.${subject}`),
  });
  consumers = await startIdentityConsumers({
    nats: nc,
    pool: h.pool,
    natsPrefix: prefix,
    logger: silentLogger,
  });
});
afterAll(async () => {
  await consumers?.stop();
  await jsm?.streams.delete(streamName).catch(() => undefined);
  await nc?.drain();
  await h?.close();
});

async function customerCreated(userId: string, providerCustomerId: string, createdAt: string) {
  const envelope = {
    id: uuidv7(),
    type: billingSubjects.customerCreated,
    occurredAt: createdAt,
    data: { userId, provider: 'stripe', providerCustomerId, createdAt },
  };
  await jetstream(nc).publish(`${prefix}.${envelope.type}`, JSON.stringify(envelope), { msgID: envelope.id });
}

async function customerIdOf(userId: string, expected: string | null): Promise<string | null> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = (await findUser(h.pool, userId))?.user.stripeCustomerId ?? null;
    if (found === expected || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("billing's provider customers", () => {
  it("become the user's stripeCustomerId; an older message arriving late does not undo a newer one", async () => {
    const { user } = await createUser(h);
    expect(user.stripeCustomerId).toBeNull();
    await customerCreated(user.id, 'cus_first', '2026-11-01T10:00:00.000Z');
    expect(await customerIdOf(user.id, 'cus_first')).toBe('cus_first');
    await customerCreated(user.id, 'cus_second', '2026-11-02T10:00:00.000Z');
    await customerCreated(user.id, 'cus_stale', '2026-10-01T10:00:00.000Z');
    const marker = (await createUser(h)).user;
    await customerCreated(marker.id, 'cus_marker', '2026-11-03T10:00:00.000Z');
    expect(await customerIdOf(marker.id, 'cus_marker')).toBe('cus_marker');
    expect((await findUser(h.pool, user.id))?.user.stripeCustomerId).toBe('cus_second');
  });
});
