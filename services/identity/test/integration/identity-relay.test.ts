import { describe, expect, it } from 'vitest';
import { identityIntegrationEventSchema, type IdentityIntegrationEvent } from '@app/contracts';
import { startIntegrationConsumer } from '@app/eventing';
import { eventually } from '@app/test-support/eventually';
import { withRelay } from '@app/test-support/nats';
import { startedForFile } from '@app/test-support/started-for-file';
import { identitySchema } from '../../src/config.js';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import { service } from '../../src/service.js';
import { silentLogger, startIdentity } from '../support/identity-harness.js';
import { createUser, newUser, patchUser } from '../support/requests.js';

const received: IdentityIntegrationEvent[] = [];

/** Identity with its relay, and a consumer of its stream that keeps every event as the contract reads it. */
const identity = startedForFile(async () => {
  const relayed = await withRelay(await startIdentity(), service);
  const { nc, prefix } = relayed.nats;
  const consumer = await startIntegrationConsumer({
    nats: nc,
    stream: `${prefix}_IDENTITY`,
    durableName: 'identity-relay-test',
    filterSubject: `${prefix}.identity.user.>`,
    pool: relayed.pool,
    schema: identitySchema,
    logger: silentLogger,
    handle: async (envelope) => {
      received.push(identityIntegrationEventSchema.parse(envelope));
    },
  });
  return {
    ...relayed,
    async close() {
      await consumer.stop();
      await relayed.close();
    },
  };
});

describe('the IDENTITY stream', () => {
  it('carries a user from registration to deactivation, in order, the password fact without the password', async () => {
    await createUser(identity, newUser({ role: 'admin' })); // so that the user below may be deactivated
    const { user } = await createUser(identity);
    const commands = wireUserCommands(identity.eventStore, identity.pool, () => new Date());
    await commands.recordPasswordSet(user.id, 'setup-link', { metadata: {} });
    await patchUser(identity, user.id, { lastName: 'Lee', role: 'admin' });
    await commands.deactivate(user.id, { metadata: {} });

    const mine = () => received.filter((event) => event.data.userId === user.id);
    await eventually(() => mine().some((event) => event.type.endsWith('deactivated.v1')), Boolean, 10_000);
    expect(mine().map((event) => event.type)).toEqual([
      'identity.user.registered.v1',
      'identity.user.password-set.v1',
      'identity.user.updated.v1',
      'identity.user.updated.v1',
      'identity.user.deactivated.v1',
    ]);
    expect(mine()[1]?.data).toEqual({
      userId: user.id,
      reason: 'setup-link',
      firstPassword: true,
      setAt: expect.any(String),
    });
    expect(mine()[2]?.data).toMatchObject({ profile: { email: user.email, lastName: 'Lee' } });
    expect(mine()[3]?.data).toMatchObject({ role: 'admin' });
    const stored = await identity.eventStore.readStream(`identity_user-${user.id}`);
    expect(mine()[0]?.id).toBe(stored.events[0]?.id);
  });
});
