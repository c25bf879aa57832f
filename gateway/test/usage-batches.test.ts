import { randomUUID } from 'node:crypto';
import { gatewayUsageRecordedV1, usageRecordedV1DataSchema } from '@app/contracts';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { toUsageBatches } from '../src/usage/usage-batches.js';
import type { UsageTally } from '../src/usage/usage-meter.js';

const options = { instance: 'gw-test/1', newId: uuidv7 };
const march = {
  periodStart: Date.parse('2026-03-10T12:00:00Z'),
  periodEnd: Date.parse('2026-03-10T12:00:05Z'),
};

function tallyOf(users: number, period = march): UsageTally {
  return { ...period, counts: new Map(Array.from({ length: users }, (_, i) => [randomUUID(), i + 1])) };
}

describe('usage batches', () => {
  it('are gateway.usage.recorded.v1 events whose envelope id is the batch id', () => {
    const tally = tallyOf(3);
    const { events, rejectedUserIds } = toUsageBatches([tally], options);

    expect(rejectedUserIds).toEqual([]);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(gatewayUsageRecordedV1.parse(event)).toEqual(event);
    expect(event?.id).toBe(event?.data.batchId);
    expect(event?.data).toMatchObject({
      gatewayInstance: 'gw-test/1',
      periodStart: '2026-03-10T12:00:00.000Z',
      periodEnd: '2026-03-10T12:00:05.000Z',
    });
    expect(event?.data.counts).toEqual(
      [...tally.counts].map(([userId, quantity]) => ({ userId, metric: 'api_calls', quantity })),
    );
  });

  it('split a tally of more users than a batch holds into batches of the same period, each with its own id', () => {
    const tally = tallyOf(7);
    const { events } = toUsageBatches([tally], { ...options, maxCountsPerBatch: 3 });

    expect(events.map((event) => event.data.counts.length)).toEqual([3, 3, 1]);
    expect(new Set(events.map((event) => event.data.batchId)).size).toBe(3);
    expect(new Set(events.map((event) => event.data.periodStart))).toEqual(
      new Set(['2026-03-10T12:00:00.000Z']),
    );
    const users = events.flatMap((event) => event.data.counts.map((count) => count.userId));
    expect(users.sort()).toEqual([...tally.counts.keys()].sort());
  });

  it('make one batch per tally, so a month boundary stays between batches', () => {
    const february = {
      periodStart: Date.parse('2026-02-28T23:59:58Z'),
      periodEnd: Date.parse('2026-03-01T00:00:00Z'),
    };
    const { events } = toUsageBatches([tallyOf(1, february), tallyOf(1)], options);
    expect(events.map((event) => [event.data.periodStart, event.data.periodEnd])).toEqual([
      ['2026-02-28T23:59:58.000Z', '2026-03-01T00:00:00.000Z'],
      ['2026-03-10T12:00:00.000Z', '2026-03-10T12:00:05.000Z'],
    ]);
  });

  it('leave out users whose id is not a UUID, and say which, instead of failing the batch', () => {
    const good = randomUUID();
    const { events, rejectedUserIds } = toUsageBatches(
      [
        {
          ...march,
          counts: new Map([
            ['user-tenant', 4],
            [good, 2],
          ]),
        },
      ],
      options,
    );
    expect(rejectedUserIds).toEqual(['user-tenant']);
    expect(events[0]?.data.counts).toEqual([{ userId: good, metric: 'api_calls', quantity: 2 }]);
  });

  it('are none for tallies that counted nothing', () => {
    expect(toUsageBatches([], options).events).toEqual([]);
  });
});

describe('the usage batch contract', () => {
  const valid = {
    batchId: uuidv7(),
    gatewayInstance: 'gw/1',
    periodStart: '2026-03-10T12:00:00.000Z',
    periodEnd: '2026-03-10T12:00:05.000Z',
    counts: [{ userId: randomUUID(), metric: 'api_calls', quantity: 3 }],
  };

  it('refuses a user counted twice, a period that ends before it starts, and empty or zero counts', () => {
    expect(usageRecordedV1DataSchema.safeParse(valid).success).toBe(true);
    const twice = { ...valid, counts: [...valid.counts, { ...valid.counts[0], quantity: 1 }] };
    expect(usageRecordedV1DataSchema.safeParse(twice).success).toBe(false);
    const backwards = { ...valid, periodEnd: '2026-03-10T11:59:59.000Z' };
    expect(usageRecordedV1DataSchema.safeParse(backwards).success).toBe(false);
    expect(usageRecordedV1DataSchema.safeParse({ ...valid, counts: [] }).success).toBe(false);
    const zero = { ...valid, counts: [{ ...valid.counts[0], quantity: 0 }] };
    expect(usageRecordedV1DataSchema.safeParse(zero).success).toBe(false);
  });
});
