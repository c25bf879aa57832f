import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { aggregateStore } from '@app/eventing';
import { parseKeyRing } from '@app/secrets';
import { identityHeaders } from '@app/service-kit/testing';
import { eventually } from '@app/test-support/eventually';
import { startServiceHarness } from '@app/test-support/service-harness';
import { buildApp } from '../../src/app.js';
import { notificationsEventSourcing } from '../../src/runtime.js';
import { createEndpointCommands } from '../../src/webhooks/application/endpoint-commands.js';
import { resealAllEndpointSecrets } from '../../src/webhooks/application/reseal-endpoint-secrets.js';
import { openEndpointSecret } from '../../src/webhooks/endpoint-secret.js';
import { webhookEndpoints } from '../../src/webhooks/endpoints.js';
import { copyTenant } from '../support/webhook-harness.js';

/** k1 sealed everything so far; k2 is the new key put first in the ring; then k1 is retired. */
const keyText = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const oldKey = keyText('k1');
const newKey = keyText('k2');
const oldRing = parseKeyRing(oldKey);
const rotatedRing = parseKeyRing(`${newKey},${oldKey}`);
const newKeyOnly = parseKeyRing(newKey);

const harness = await startServiceHarness(notificationsEventSourcing, (context) =>
  buildApp(context, { keyRing: oldRing, publicUrl: 'https://app.example' }),
);
afterAll(() => harness.close());

const admin = await identityHeaders('admin');
const tenantId = crypto.randomUUID();
await copyTenant(harness.pool, tenantId, null);
const base = `/api/admin/tenants/${tenantId}/webhooks/endpoints`;
const endpoints = aggregateStore(harness.eventStore, webhookEndpoints);

async function registered(url: string): Promise<{ id: string; secret: string }> {
  const response = await harness.app.inject({
    method: 'POST',
    url: base,
    headers: admin,
    payload: { url, eventTypes: ['billing.invoice.paid.v1'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function listed(count: number): Promise<void> {
  await eventually(
    async () =>
      (await harness.pool.query('SELECT 1 FROM webhook_endpoints WHERE tenant_id = $1', [tenantId])).rowCount,
    (rows) => rows === count,
  );
}

const reseal = () =>
  resealAllEndpointSecrets({
    pool: harness.pool,
    eventStore: harness.eventStore,
    keyRing: rotatedRing,
    now: () => new Date(),
  });

describe('resealing webhook signing secrets after a key rotation', () => {
  it('reseals every secret that signs, so they open without the old key, and a second run does nothing', async () => {
    const plain = await registered('https://hooks.one.example/platform');
    const rotating = await registered('https://hooks.two.example/platform');
    const rotatedOut = rotating.secret;
    const rotation = await harness.app.inject({
      method: 'POST',
      url: `${base}/${rotating.id}/rotate-secret`,
      headers: admin,
    });
    expect(rotation.statusCode, rotation.body).toBe(200);
    const rotatedIn = rotation.json<{ secret: string }>().secret;
    // Rotated two days ago: the secret it replaced no longer signs, and is left as it was.
    const expiredId = crypto.randomUUID();
    const twoDaysAgo = createEndpointCommands({
      eventStore: harness.eventStore,
      keyRing: oldRing,
      now: () => new Date(Date.now() - 2 * 24 * 60 * 60 * 1000),
      newId: () => expiredId,
    });
    const url = 'https://hooks.three.example/platform';
    await twoDaysAgo.register(tenantId, { url, eventTypes: ['billing.invoice.paid.v1'] }, { metadata: {} });
    await twoDaysAgo.rotateSecret(tenantId, expiredId, { metadata: {} });
    await listed(3);

    expect(await reseal()).toEqual({ endpointsChecked: 3, endpointsResealed: 3 });

    /** The endpoint's seals, opened with the new key alone where it sealed them. */
    const seals = async (endpointId: string) => {
      const { state } = await endpoints.read(endpointId);
      if (state.status === 'absent') throw new Error('endpoint missing');
      const opened = (sealed: typeof state.secret) =>
        sealed.keyId === 'k2'
          ? openEndpointSecret(newKeyOnly, endpointId, sealed)
          : `sealed by ${sealed.keyId}`;
      return {
        current: opened(state.secret),
        previous: state.previousSecret && opened(state.previousSecret.secret),
      };
    };
    expect(await seals(plain.id)).toEqual({ current: plain.secret, previous: null });
    expect(await seals(rotating.id)).toEqual({ current: rotatedIn, previous: rotatedOut });
    expect(await seals(expiredId)).toEqual({
      current: expect.stringMatching(/^whsec_/),
      previous: 'sealed by k1',
    });

    // The facts appended name the reseal as their actor and hold only seals.
    const { events } = await harness.eventStore.readStream(`notifications_webhookendpoint-${rotating.id}`);
    const resealed = events.filter((event) => event.type === 'WebhookEndpointSecretsResealed');
    expect(resealed).toHaveLength(1);
    expect(resealed[0]?.metadata).toMatchObject({ actorId: 'secrets-reseal' });
    expect(JSON.stringify(resealed.map((event) => event.data))).not.toContain(rotatedIn.slice(6, 20));

    expect(await reseal()).toEqual({ endpointsChecked: 3, endpointsResealed: 0 });
  });
});
