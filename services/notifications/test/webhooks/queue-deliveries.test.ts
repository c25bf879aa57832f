import { afterAll, describe, expect, it } from 'vitest';
import type { IntegrationEnvelope } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import { queueWebhookDeliveries } from '../../src/webhooks/integration/queue-deliveries.js';
import { copyTenant, startWebhookHarness } from '../support/webhook-harness.js';

const harness = await startWebhookHarness();
afterAll(() => harness.close());

const admin = await identityHeaders('admin');
const paid = 'billing.invoice.paid.v1';
const overdue = 'billing.invoice.overdue.v1';
const now = new Date('2026-11-27T01:30:00.000Z');

async function tenantWithEndpoints(...endpoints: Array<{ eventTypes: string[]; disabled?: boolean }>) {
  const tenantId = crypto.randomUUID();
  await copyTenant(harness.pool, tenantId, crypto.randomUUID());
  const ids: string[] = [];
  for (const { eventTypes, disabled } of endpoints) {
    const base = `/api/admin/tenants/${tenantId}/webhooks/endpoints`;
    const created = await harness.app.inject({
      method: 'POST',
      url: base,
      headers: admin,
      payload: { url: 'https://hooks.example.com/in', eventTypes },
    });
    const { id } = created.json<{ id: string }>();
    if (disabled) await harness.app.inject({ method: 'POST', url: `${base}/${id}/disable`, headers: admin });
    ids.push(id);
  }
  return { tenantId, ids };
}

function paidEvent(tenantId: string | null): IntegrationEnvelope {
  return {
    id: crypto.randomUUID(),
    type: paid,
    occurredAt: now.toISOString(),
    data: { invoiceId: crypto.randomUUID(), tenantId, amountCents: 2_900 },
  };
}

async function queue(envelope: IntegrationEnvelope) {
  const client = await harness.pool.connect();
  try {
    await queueWebhookDeliveries(envelope, client, now);
  } finally {
    client.release();
  }
}

async function deliveriesOf(messageId: string) {
  const { rows } = await harness.pool.query(
    'SELECT endpoint_id, tenant_id, event_type, payload, status, attempts, next_attempt_at FROM webhook_deliveries WHERE message_id = $1',
    [messageId],
  );
  return rows;
}

describe('queueing webhook deliveries', () => {
  it('queues the event once for each enabled endpoint of its tenant that receives its type, and for no other', async () => {
    const { tenantId, ids } = await tenantWithEndpoints(
      { eventTypes: [paid] },
      { eventTypes: [paid, overdue] },
      { eventTypes: [overdue] },
      { eventTypes: [paid], disabled: true },
    );
    await tenantWithEndpoints({ eventTypes: [paid] });
    const event = paidEvent(tenantId);

    await queue(event);
    await queue(event);

    const rows = await deliveriesOf(event.id);
    expect(rows.map((row) => row.endpoint_id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(rows[0]).toMatchObject({
      tenant_id: tenantId,
      event_type: paid,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
    });
    expect(JSON.parse(rows[0].payload)).toEqual(event);
  });

  it('queues nothing for an event without a tenant, or of a type not offered', async () => {
    const { tenantId } = await tenantWithEndpoints({ eventTypes: [paid] });
    const withoutTenant = paidEvent(null);
    await queue(withoutTenant);
    expect(await deliveriesOf(withoutTenant.id)).toEqual([]);

    const notOffered = { ...paidEvent(tenantId), type: 'billing.customer.created.v1' };
    await queue(notOffered);
    expect(await deliveriesOf(notOffered.id)).toEqual([]);
  });
});
