import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenancyStream } from '@app/contracts';
import { ensureStream } from '@app/eventing';
import { uniquePrefix } from '@app/test-support';
import { startBillingConsumers } from '../../src/integration/consumers/start-billing-consumers.js';
import { silentLogger, startBilling, type BillingHarness } from '../support/billing-harness.js';
import { eventually, natsFor } from '../support/nats.js';
import { uuidv7 } from '../support/requests.js';

const prefix = uniquePrefix();
let h: BillingHarness;
let nats: Awaited<ReturnType<typeof natsFor>>;
let consumers: { stop(): Promise<void> };

beforeAll(async () => {
  h = await startBilling();
  nats = await natsFor(prefix, 'tenancy.>');
  await ensureStream(await jetstreamManager(nats.nc), {
    name: `${prefix}_${tenancyStream.name}`,
    subjects: tenancyStream.subjects.map((subject) => `${prefix}.${subject}`),
  });
  consumers = await startBillingConsumers({
    nats: nats.nc,
    pool: h.pool,
    natsPrefix: prefix,
    logger: silentLogger,
  });
});
afterAll(async () => {
  await consumers?.stop();
  await nats?.close([tenancyStream.name]);
  await h?.close();
});

/** As tenancy's relay publishes: subject = prefix + type, Nats-Msg-Id = the envelope id. */
async function publish(type: string, data: Record<string, unknown>) {
  const id = uuidv7();
  const envelope = { id, type, occurredAt: new Date().toISOString(), data };
  await jetstream(nats.nc).publish(`${prefix}.${type}`, JSON.stringify(envelope), { msgID: id });
  return id;
}

/** Until the consumer has applied the message (its id recorded with the change, in one transaction). */
const applied = (messageId: string) =>
  eventually(async () => {
    const { rowCount } = await h.pool.query('SELECT 1 FROM processed_messages WHERE message_id = $1', [
      messageId,
    ]);
    return rowCount === 1;
  }, 10_000);

const subscriptionRow = async (subscriptionId: string) =>
  (
    await h.pool.query<Record<string, unknown>>(
      `SELECT status, amount_cents::int AS amount_cents, cycle_start, cycle_trial
       FROM subscriptions WHERE subscription_id = $1`,
      [subscriptionId],
    )
  ).rows[0];

const changed =
  (subscriptionId: string, tenantId: string, productId: string) =>
  (previousStatus: string, status: string, changedAt: string) =>
    publish('tenancy.subscription.status-changed.v1', {
      subscriptionId,
      tenantId,
      productId,
      previousStatus,
      status,
      changedAt,
    });

describe("billing's copy of tenancy", () => {
  it('keeps tenants’ owners and subscriptions’ status and cycle, and ignores a change older than one applied', async () => {
    const [tenantId, ownerId, productId, subscriptionId] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    const change = changed(subscriptionId, tenantId, productId);
    await publish('tenancy.tenant.created.v1', {
      tenantId,
      name: 'Casey Studio',
      slug: `casey-${tenantId}`,
      ownerId,
      status: 'active',
      domainUrl: null,
      createdAt: '2026-03-01T00:00:00.000Z',
    });
    await publish('tenancy.subscription.started.v1', {
      subscriptionId,
      tenantId,
      productId,
      plan: 'basic',
      status: 'trial',
      amountCents: 4_900,
      startedAt: '2026-03-01T00:00:00.000Z',
    });
    await change('trial', 'active', '2026-03-05T00:00:00.000Z');
    await eventually(async () => (await subscriptionRow(subscriptionId))?.status === 'active', 10_000);
    expect(await subscriptionRow(subscriptionId)).toEqual({
      status: 'active',
      amount_cents: 4_900,
      cycle_start: new Date('2026-03-01T00:00:00.000Z'),
      cycle_trial: true,
    });
    const { rows: owners } = await h.pool.query('SELECT owner_id FROM tenants WHERE tenant_id = $1', [
      tenantId,
    ]);
    expect(owners).toEqual([{ owner_id: ownerId }]);

    // An older change delivered late changes nothing; a cancelled subscription made active starts a new cycle.
    await applied(await change('active', 'cancelled', '2026-03-10T00:00:00.000Z'));
    await applied(await change('trial', 'suspended', '2026-03-04T00:00:00.000Z'));
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'cancelled', cycle_trial: true });
    await applied(await change('cancelled', 'active', '2026-03-20T00:00:00.000Z'));
    expect(await subscriptionRow(subscriptionId)).toEqual({
      status: 'active',
      amount_cents: 4_900,
      cycle_start: new Date('2026-03-20T00:00:00.000Z'),
      cycle_trial: false,
    });
  });
});
