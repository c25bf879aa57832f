/**
 * Figure 8: metered calls per second the gateway's usage pipeline sustains (target ≥ 10,000/s). The gateway's own
 * meter and flusher (gateway/src/usage, as its main.ts wires them) record the calls of many customers,
 * round-robin, while the flusher publishes full batches to real JetStream every second; the rate is from the first
 * call to the ack of the final flush on stop. Afterwards every customer's published usage must equal the calls
 * recorded for them, so nothing was dropped or counted twice. Baseline: the same calls counted into a bare Map
 * (no clock, no flusher), the floor of counting at all. Rounds alternate baseline and metered.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { v7 as uuidv7 } from 'uuid';
import { connectNats } from '@app/eventing';
import { uniquePrefix } from '@app/test-support';
import { createUsageMeter } from '../gateway/src/usage/usage-meter.js';
import { startUsagePublishing } from '../gateway/src/usage/usage-publishing.js';
import { sizes } from './config.js';
import { publishedUsage, usageStreamName } from './published-usage.js';
import type { Measurement } from './report.js';
import { median, perSecond } from './stats.js';

export async function measureMeteringThroughput(natsUrl: string): Promise<Measurement> {
  const { users, seconds, flushIntervalMs, rounds } = sizes.meteringThroughput;
  const userIds = Array.from({ length: users }, () => uuidv7());
  const prefix = uniquePrefix('benchusage');
  const nats = await connectNats({ url: natsUrl, name: 'bench' });
  const problems: string[] = [];
  const logger = {
    warn: (_object: object, message: string) => void problems.push(message),
    error: (_object: object, message: string) => void problems.push(message),
  };
  try {
    const bareRates: number[] = [];
    const meteredRates: number[] = [];
    const meteredCalls: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const bare = new Map<string, number>();
      const bareStarted = performance.now();
      const bareCalls = await drive(userIds, (userId) => bare.set(userId, (bare.get(userId) ?? 0) + 1));
      bareRates.push(perSecond(bareCalls, performance.now() - bareStarted));

      const meter = createUsageMeter();
      const publishing = await startUsagePublishing({
        meter,
        nats,
        prefix,
        intervalMs: flushIntervalMs,
        logger,
      });
      const started = performance.now();
      const calls = await drive(userIds, (userId) => meter.record(userId));
      await publishing.stop();
      meteredRates.push(perSecond(calls, performance.now() - started));
      meteredCalls.push(calls);
    }
    if (problems.length > 0) throw new Error(`the flusher reported: ${problems.join('; ')}`);
    const batches = await checkPublished(nats, prefix, userIds, meteredCalls);

    const list = (rates: number[]) =>
      rates.map((rate) => Math.round(rate).toLocaleString('en-US')).join(', ');
    const total = meteredCalls.reduce((sum, calls) => sum + calls, 0);
    return {
      value: median(meteredRates),
      baseline: median(bareRates),
      unit: 'calls/s',
      target: { on: 'value', atLeast: 10_000 },
      notes: [
        `the gateway's meter and flusher, ${users.toLocaleString('en-US')} customers round-robin, ${seconds} s` +
          ` per run, flushing every ${flushIntervalMs} ms to JetStream, timed to the final flush's ack; baseline:` +
          ` a bare Map increment. ${rounds} alternating rounds; medians.`,
        `metered: ${list(meteredRates)} calls/s; bare Map: ${list(bareRates)} calls/s.`,
        `published: ${total.toLocaleString('en-US')} calls in ${batches} batches, equal to the calls recorded` +
          ` for every customer.`,
      ],
    };
  } finally {
    await (await jetstreamManager(nats)).streams.delete(usageStreamName(prefix)).catch(() => false);
    await nats.close();
  }
}

/** Records calls for `seconds`, yielding to the event loop (the flusher, NATS acks) every `callsPerTurn`. */
async function drive(userIds: readonly string[], record: (userId: string) => void): Promise<number> {
  const { seconds, callsPerTurn } = sizes.meteringThroughput;
  const until = performance.now() + seconds * 1_000;
  let calls = 0;
  while (performance.now() < until) {
    for (let i = 0; i < callsPerTurn; i += 1) record(userIds[(calls + i) % userIds.length] as string);
    calls += callsPerTurn;
    await nextTurn();
  }
  return calls;
}

/** Each run went round-robin from the first customer, so each customer's due count follows from the run's calls. */
async function checkPublished(
  nats: NatsConnection,
  prefix: string,
  userIds: readonly string[],
  runs: readonly number[],
): Promise<number> {
  const published = await publishedUsage(nats, prefix);
  for (const [index, userId] of userIds.entries()) {
    const due = runs.reduce(
      (sum, calls) => sum + Math.floor(calls / userIds.length) + (index < calls % userIds.length ? 1 : 0),
      0,
    );
    const got = published.get(userId) ?? 0;
    if (got !== due)
      throw new Error(`customer ${userId} was recorded ${due} calls but ${got} were published`);
  }
  const info = await (await jetstreamManager(nats)).streams.info(usageStreamName(prefix));
  return info.state.messages;
}
