import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { describe, expect, it } from 'vitest';
import { gatewayStream, gatewaySubjects, type UsageRecordedV1Data } from '@app/contracts';
import { eventually } from '@app/test-support/eventually';
import { startedForFile } from '@app/test-support/started-for-file';
import { usageConsumerName } from '../../src/usage/usage-consumer.js';
import { silentLogger } from '../support/billing-harness.js';
import { startBillingConsumersOf } from '../support/nats.js';
import { uuidv7 } from '../support/requests.js';
import { usageBatch, usageTables } from './usage-support.js';

const warnings: string[] = [];
// The other consumers' streams do not exist here: only this consumer's warnings are of interest.
const h = startedForFile(() =>
  startBillingConsumersOf(gatewayStream, {
    ...silentLogger,
    warn: (fields: { consumer?: string }, message?: string) => {
      if (fields.consumer === usageConsumerName) warnings.push(message ?? '');
    },
  }),
);

/** As the gateway publishes a batch: the envelope id is the batch id unless given. */
const publish = (data: UsageRecordedV1Data | Record<string, unknown>, id = String(data.batchId)) =>
  h.nats.publish(gatewaySubjects.usageRecorded, data, { id });

async function quantities(userId: string): Promise<Record<string, number>> {
  const { rows } = await h.pool.query<{ day: string; quantity: string }>(
    'SELECT day::text AS day, quantity FROM usage_records WHERE user_id = $1 ORDER BY day',
    [userId],
  );
  return Object.fromEntries(rows.map((row) => [row.day, Number(row.quantity)]));
}

/** A batch of its own that, once stored, shows every message published before it has been handled. */
async function publishMarkerAndWait(): Promise<void> {
  const marker = uuidv7();
  await publish(usageBatch('2026-05-01T00:00:00.000Z', { [marker]: 1 }));
  await eventually(async () => Object.keys(await quantities(marker)).length > 0, Boolean, 15_000);
  expect(await quantities(marker)).toEqual({ '2026-05-01': 1 });
}

describe("the gateway's usage batches", () => {
  it('are summed per user and UTC day', async () => {
    const [a, b] = [uuidv7(), uuidv7()];
    await publish(usageBatch('2026-03-10T08:00:00.000Z', { [a]: 3, [b]: 40 }));
    await publish(usageBatch('2026-03-10T08:00:05.000Z', { [a]: 2 }));
    // Straddles midnight: counted on the day it began.
    await publish(usageBatch('2026-03-10T23:59:58.000Z', { [a]: 1 }));
    await publish(usageBatch('2026-03-11T00:00:03.000Z', { [a]: 7, [b]: 1 }));
    await eventually(async () => (await quantities(b))['2026-03-11'] === 1, Boolean, 15_000);
    expect(await quantities(a)).toEqual({ '2026-03-10': 6, '2026-03-11': 7 });
    expect(await quantities(b)).toEqual({ '2026-03-10': 40, '2026-03-11': 1 });
  });

  it('count a redelivered batch once, whether its envelope is repeated or new', async () => {
    const user = uuidv7();
    const batch = usageBatch('2026-03-12T09:00:00.000Z', { [user]: 25 });
    await h.nats.republish(await publish(batch));
    await publish(batch, uuidv7());
    await publishMarkerAndWait();
    expect(await quantities(user)).toEqual({ '2026-03-12': 25 });
    const { rows } = await h.pool.query('SELECT 1 FROM usage_batches WHERE batch_id = $1', [batch.batchId]);
    expect(rows).toHaveLength(1);
  });

  it('refuse a batch that breaks the contract, storing none of it, and move on', async () => {
    const [valid, invalid] = [uuidv7(), uuidv7()];
    const before = await usageTables(h.pool);
    const warned = warnings.length;
    const bad = usageBatch('2026-03-13T10:00:00.000Z', { [valid]: 4, [invalid]: 0 });
    await publish(bad);
    // Ends before it starts.
    await publish(
      usageBatch('2026-03-13T10:00:05.000Z', { [valid]: 4 }, { periodEnd: '2026-03-13T10:00:00.000Z' }),
    );
    // Not an envelope at all: the consumer framework terminates it.
    await jetstream(h.nats.nc).publish(`${h.nats.prefix}.${gatewaySubjects.usageRecorded}`, 'not json', {
      msgID: uuidv7(),
    });
    await publishMarkerAndWait();

    expect(await quantities(valid)).toEqual({});
    expect(await quantities(invalid)).toEqual({});
    const after = await usageTables(h.pool);
    expect(after.batches).not.toContain(bad.batchId);
    expect(after.batches).toHaveLength(before.batches.length + 1);
    expect(warnings.slice(warned)).toEqual([
      'usage batch breaks its contract; refused, nothing stored',
      'usage batch breaks its contract; refused, nothing stored',
      'invalid integration message; terminated',
    ]);
    // Each was settled for good: none waits for an ack or comes back.
    const streamName = `${h.nats.prefix}_${gatewayStream.name}`;
    const info = await (await jetstreamManager(h.nats.nc)).consumers.info(streamName, usageConsumerName);
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_redelivered).toBe(0);
    expect(info.num_pending).toBe(0);
  });
});
