import { afterAll, describe, expect, it } from 'vitest';
import { aggregateStore } from '@app/eventing';
import { newEndpointSecret, sealEndpointSecret } from '../../src/webhooks/endpoint-secret.js';
import { webhookEndpoints } from '../../src/webhooks/endpoints.js';
import { startWebhookHarness, testKeyRing as ring } from '../support/webhook-harness.js';

const harness = await startWebhookHarness();
afterAll(() => harness.close());

const endpoints = aggregateStore(harness.eventStore, webhookEndpoints);
const tenantId = crypto.randomUUID();

async function settled(result: { position: Parameters<typeof harness.projections.waitFor>[0] | null }) {
  if (result.position === null) throw new Error('the command changed nothing');
  expect(await harness.projections.waitFor(result.position, 5_000)).toBe(true);
}

describe('webhook endpoints on the event store', () => {
  it("keeps each endpoint's row from its stream, without its secret", async () => {
    const endpointId = crypto.randomUUID();
    const secret = newEndpointSecret();
    await endpoints.handle(
      endpointId,
      {
        type: 'RegisterWebhookEndpoint',
        data: {
          endpointId,
          tenantId,
          url: 'https://hooks.example.com/in',
          eventTypes: ['billing.invoice.paid.v1'],
          secret: sealEndpointSecret(ring, endpointId, secret),
        },
        metadata: { now: '2026-11-27T01:00:00.000Z' },
      },
      { metadata: {} },
    );
    const disabled = await endpoints.handle(
      endpointId,
      {
        type: 'DisableWebhookEndpoint',
        data: { endpointId, tenantId },
        metadata: { now: '2026-11-27T01:05:00.000Z' },
      },
      { metadata: {} },
    );
    await settled(disabled);

    const { rows } = await harness.pool.query('SELECT * FROM webhook_endpoints WHERE id = $1', [endpointId]);
    expect(rows).toEqual([
      {
        id: endpointId,
        tenant_id: tenantId,
        url: 'https://hooks.example.com/in',
        event_types: ['billing.invoice.paid.v1'],
        status: 'disabled',
        revision: '1',
        registered_at: new Date('2026-11-27T01:00:00.000Z'),
        updated_at: new Date('2026-11-27T01:05:00.000Z'),
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(6));
  });
});
