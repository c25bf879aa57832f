import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { identityIntegrationEventSchema, type IdentityIntegrationEvent } from '@app/contracts';
import { connectNats, startIntegrationConsumer, type IntegrationConsumer, type Relay } from '@app/eventing';
import { uniquePrefix } from '@app/test-support';
import { identitySchema } from '../../src/config.js';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import { startRelayOf } from '@app/service-kit/runtime';
import { service } from '../../src/service.js';
import { silentLogger, startIdentity, type IdentityHarness } from '../support/identity-harness.js';
import { createUser, newUser, patchUser } from '../support/requests.js';

const prefix = uniquePrefix('i');
let identity: IdentityHarness;
let nats: NatsConnection;
let relay: Relay;
let consumer: IntegrationConsumer;
const received: IdentityIntegrationEvent[] = [];

beforeAll(async () => {
  identity = await startIdentity();
  nats = await connectNats({ url: inject('natsUrl'), name: 'identity-relay-test' });
  relay = await startRelayOf(service, {
    eventStore: identity.eventStore,
    pool: identity.pool,
    nats,
    prefix,
    logger: silentLogger,
  });
  consumer = await startIntegrationConsumer({
    nats,
    stream: `${prefix}_IDENTITY`,
    durableName: 'identity-relay-test',
    filterSubject: `${prefix}.identity.user.>`,
    pool: identity.pool,
    schema: identitySchema,
    logger: silentLogger,
    handle: async (envelope) => {
      received.push(identityIntegrationEventSchema.parse(envelope));
    },
  });
});

afterAll(async () => {
  await consumer?.stop();
  await relay?.stop();
  if (nats) {
    const jsm = await jetstreamManager(nats);
    await jsm.streams.delete(`${prefix}_IDENTITY`).catch(() => undefined);
    await nats.drain();
  }
  await identity?.close();
});

async function until<T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the IDENTITY stream', () => {
  it('carries a user from registration to deactivation, in order, with no password fact', async () => {
    await createUser(identity, newUser({ role: 'admin' })); // so that the user below may be deactivated
    const { user } = await createUser(identity);
    const commands = wireUserCommands(identity.eventStore, identity.pool, () => new Date());
    await commands.recordPasswordSet(user.id, { metadata: {} });
    await patchUser(identity, user.id, { lastName: 'Lee', role: 'admin' });
    await commands.deactivate(user.id, { metadata: {} });

    const mine = () => received.filter((event) => event.data.userId === user.id);
    await until(() => (mine().some((event) => event.type.endsWith('deactivated.v1')) ? true : undefined));
    expect(mine().map((event) => event.type)).toEqual([
      'identity.user.registered.v1',
      'identity.user.updated.v1',
      'identity.user.updated.v1',
      'identity.user.deactivated.v1',
    ]);
    expect(mine()[1]?.data).toMatchObject({ profile: { email: user.email, lastName: 'Lee' } });
    expect(mine()[2]?.data).toMatchObject({ role: 'admin' });
    const stored = await identity.eventStore.readStream(`identity_user-${user.id}`);
    expect(mine()[0]?.id).toBe(stored.events[0]?.id);
  });
});
