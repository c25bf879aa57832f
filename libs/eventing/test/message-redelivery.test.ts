import type pg from 'pg';
import type { JsMsg } from '@nats-io/jetstream';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { createMessageProcessor } from '../src/nats/message-processor.js';
import { captureLogger } from './capture-logger.js';

/** Answers "not processed yet" to the duplicate check, so every delivery reaches the failing reaction. */
const unprocessed = { query: async () => ({ rows: [], rowCount: 0 }) } as unknown as pg.Pool;

/** What the processor did with one delivery of a message whose reaction always fails. */
async function failedDelivery(deliveryCount: number, maxDeliver = 20) {
  const outcome: { nakDelayMs: number | undefined; naked: boolean; terminated: boolean; acked: boolean } = {
    nakDelayMs: undefined,
    naked: false,
    terminated: false,
    acked: false,
  };
  const message = {
    subject: 'catalog.product.created.v1',
    seq: deliveryCount,
    timestampNanos: 1_700_000_000_000_000_000n,
    headers: undefined,
    info: { deliveryCount },
    json: () => ({
      id: uuidv7(),
      type: 'catalog.product.created.v1',
      occurredAt: new Date().toISOString(),
      data: {},
    }),
    nak: (delayMs?: number) => Object.assign(outcome, { naked: true, nakDelayMs: delayMs }),
    term: () => (outcome.terminated = true),
    ack: () => (outcome.acked = true),
  } as unknown as JsMsg;
  const logger = captureLogger();
  const processor = createMessageProcessor({
    pool: unprocessed,
    schema: 'tenancy',
    durableName: 'redelivery-test',
    logger,
    maxDeliver,
    react: async () => {
      throw new Error('the reaction failed');
    },
  });
  await processor.process(message);
  return { ...outcome, logger };
}

describe('a message whose handling fails', () => {
  it('is redelivered after 1 s, doubling with each delivery up to a minute, never jittered', async () => {
    const delays = [];
    for (let delivery = 1; delivery <= 10; delivery += 1) {
      delays.push((await failedDelivery(delivery)).nakDelayMs);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000]);
  });

  it('is terminated on its last allowed delivery, loudly, instead of waiting for another', async () => {
    const last = await failedDelivery(20, 20);
    expect(last).toMatchObject({ terminated: true, naked: false, acked: false });
    expect(last.logger.at('error')[0]?.message).toMatch(/last delivery; terminated/);
  });
});
