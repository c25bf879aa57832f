import { randomUUID } from 'node:crypto';
import type { GatewayUsageRecordedV1 } from '@app/contracts';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startUsageFlusher, type UsageFlusher } from '../src/usage/usage-flusher.js';
import { createUsageMeter, type UsageMeter } from '../src/usage/usage-meter.js';

/** A JetStream stand-in: stores what it is given, or fails while `failing` is set. */
function fakeStream() {
  const stored: GatewayUsageRecordedV1[] = [];
  const attempts: string[] = [];
  const state = { failing: false };
  const publish = async (event: GatewayUsageRecordedV1) => {
    attempts.push(event.id);
    if (state.failing) throw new Error('no responders');
    stored.push(event);
  };
  return { stored, attempts, state, publish };
}

function logSink() {
  const lines: Array<{ level: string; message: string; object: Record<string, unknown> }> = [];
  const at = (level: string) => (object: object, message: string) =>
    void lines.push({ level, message, object: object as Record<string, unknown> });
  return { lines, logger: { warn: at('warn'), error: at('error') } };
}

function totals(events: readonly GatewayUsageRecordedV1[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const event of events)
    for (const { userId, quantity } of event.data.counts)
      sums.set(userId, (sums.get(userId) ?? 0) + quantity);
  return sums;
}

function calls(meter: UsageMeter, userId: string, count: number): void {
  for (let i = 0; i < count; i += 1) meter.record(userId);
}

let running: UsageFlusher | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

function start(
  meter: UsageMeter,
  stream: ReturnType<typeof fakeStream>,
  extra: { intervalMs?: number; finalFlushMs?: number; maxBackoffMs?: number } = {},
) {
  const log = logSink();
  running = startUsageFlusher({
    meter,
    publish: stream.publish,
    intervalMs: extra.intervalMs ?? 10,
    instance: 'gw-test/1',
    newId: uuidv7,
    logger: log.logger,
    maxBackoffMs: extra.maxBackoffMs ?? 20,
    ...(extra.finalFlushMs === undefined ? {} : { finalFlushMs: extra.finalFlushMs }),
  });
  return { flusher: running, log };
}

describe('the usage flusher', () => {
  it('publishes what the meter counted every interval', async () => {
    const meter = createUsageMeter();
    const stream = fakeStream();
    start(meter, stream);
    const [alice, bob] = [randomUUID(), randomUUID()];
    calls(meter, alice, 3);
    calls(meter, bob, 1);
    await expect
      .poll(() => totals(stream.stored))
      .toEqual(
        new Map([
          [alice, 3],
          [bob, 1],
        ]),
      );
    calls(meter, alice, 2);
    await expect.poll(() => totals(stream.stored).get(alice)).toBe(5);
    expect(new Set(stream.stored.map((event) => event.id)).size).toBe(stream.stored.length);
  });

  it('keeps a batch that failed and publishes it again unchanged; calls counted meanwhile go in a later batch', async () => {
    const meter = createUsageMeter();
    const stream = fakeStream();
    stream.state.failing = true;
    const { log } = start(meter, stream);
    const alice = randomUUID();
    calls(meter, alice, 4);
    await expect.poll(() => stream.attempts.length).toBeGreaterThanOrEqual(2);
    calls(meter, alice, 6);
    await expect.poll(() => stream.attempts.length).toBeGreaterThanOrEqual(4);
    stream.state.failing = false;

    await expect.poll(() => totals(stream.stored).get(alice)).toBe(10);
    const [first, second] = stream.stored;
    // Every attempt before the first success was that same batch: nothing was re-counted under a new id.
    expect(new Set(stream.attempts.slice(0, stream.attempts.indexOf(first?.id ?? '') + 1))).toEqual(
      new Set([first?.id]),
    );
    expect(first?.data.counts).toEqual([{ userId: alice, metric: 'api_calls', quantity: 4 }]);
    expect(second?.data.counts).toEqual([{ userId: alice, metric: 'api_calls', quantity: 6 }]);
    expect(second?.data.periodStart).toBe(first?.data.periodEnd);
    expect(
      log.lines.some((line) => line.level === 'warn' && line.message.startsWith('Publishing usage failed')),
    ).toBe(true);
  });

  it('publishes what is left when stopped, without waiting for the interval', async () => {
    const meter = createUsageMeter();
    const stream = fakeStream();
    const { flusher } = start(meter, stream, { intervalMs: 60_000 });
    const alice = randomUUID();
    calls(meter, alice, 7);
    await flusher.stop();
    expect(totals(stream.stored)).toEqual(new Map([[alice, 7]]));
  });

  it('gives up on stop after finalFlushMs and logs how many calls were lost', async () => {
    const meter = createUsageMeter();
    const stream = fakeStream();
    stream.state.failing = true;
    const { flusher, log } = start(meter, stream, { intervalMs: 60_000, finalFlushMs: 300 });
    calls(meter, randomUUID(), 2);
    calls(meter, randomUUID(), 3);
    const started = Date.now();
    await flusher.stop();

    expect(Date.now() - started).toBeLessThan(2_000);
    expect(stream.attempts.length).toBeGreaterThan(1);
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'Usage counts lost at shutdown',
        object: expect.objectContaining({ lostCalls: 5 }),
      }),
    );
  });

  it('after a failure waits the interval doubled per failure, jittered into its upper half, capped', async () => {
    vi.useFakeTimers();
    try {
      const meter = createUsageMeter();
      const stream = fakeStream();
      stream.state.failing = true;
      const attemptsAt: number[] = [];
      const publish = stream.publish;
      stream.publish = async (event) => {
        attemptsAt.push(Date.now());
        return publish(event);
      };
      const started = Date.now();
      start(meter, stream, { intervalMs: 1_000, maxBackoffMs: 4_000 });
      calls(meter, randomUUID(), 1);
      await vi.advanceTimersByTimeAsync(40_000);

      const gaps = attemptsAt.map((at, index) => at - (attemptsAt[index - 1] ?? started));
      expect(gaps[0]).toBe(1_000);
      // After failure n the ceiling is 1 s × 2^n, at most 4 s; the wait is in its upper half.
      gaps.slice(1).forEach((gap, index) => {
        const ceiling = Math.min(4_000, 1_000 * 2 ** (index + 1));
        expect(gap).toBeGreaterThanOrEqual(ceiling / 2);
        expect(gap).toBeLessThanOrEqual(ceiling);
      });
      expect(gaps.length).toBeGreaterThan(8);
      stream.state.failing = false;
      await running?.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
