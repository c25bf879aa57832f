/**
 * Figure 7: what usage metering costs a gateway read (target: ratio ≥ 0.9). A signed-in customer's
 * GET /api/products through the gateway as deployed (USAGE_METERING on: each answered call counted, the counts
 * published to NATS every USAGE_FLUSH_INTERVAL_MS, 5 s) against the same through an identical gateway with
 * USAGE_METERING=off, in requests per second with figure 2's autocannon connections against each gateway, both
 * gateways under load at the same time in every run, so the two share whatever the machine can give. The
 * customer is the last demo customer, whom no other figure uses, so every call of theirs the metered gateway
 * answered must then show up in the published usage: the figure fails otherwise (a fast gateway that forgot to
 * count would be no result).
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { NatsConnection } from '@nats-io/transport-node';
import { connectNats } from '@app/eventing';
import { demoAccounts } from '@app/demo-fixtures';
import { sizes } from './config.js';
import { loadCounted, type LoadResult } from './proxy-throughput.js';
import { publishedUsage } from './published-usage.js';
import type { Measurement } from './report.js';
import { signIn } from './sign-in.js';
import { listRates, median } from './stats.js';

export interface MeteringCostTargets {
  gatewayUrl: string;
  unmeteredGatewayUrl: string;
  natsUrl: string;
  natsPrefix: string;
}

export async function measureMeteringCost(targets: MeteringCostTargets): Promise<Measurement> {
  const customer = demoAccounts.filter((account) => account.role === 'tenant').at(-1);
  if (!customer) throw new Error('the demo accounts have no customer to sign in as');
  const nats = await connectNats({ url: targets.natsUrl, name: 'bench' });
  try {
    return await measure(targets, customer, nats);
  } finally {
    await nats.close();
  }
}

async function measure(
  targets: MeteringCostTargets,
  customer: { email: string; demoPassword: string },
  nats: NatsConnection,
): Promise<Measurement> {
  const { connections } = sizes.proxy;
  const { warmUpSeconds, durationSeconds, runs } = sizes.meteringCost;
  // Zero in `npm run bench`, which signs this customer in only here; read so that a repeated measurement holds.
  const usageBefore = await publishedUsage(nats, targets.natsPrefix);
  // Signed in through the metered gateway: its GET /api/auth/user is the customer's first metered call.
  const { cookie, userId } = await signIn(targets.gatewayUrl, customer.email, customer.demoPassword);
  const before = usageBefore.get(userId) ?? 0;
  const signedIn = { cookie };
  const metered = `${targets.gatewayUrl}/api/products`;
  const unmetered = `${targets.unmeteredGatewayUrl}/api/products`;

  const meteredRuns: LoadResult[] = [];
  // Both at once, in every run: whatever else the machine is doing then slows both alike, which back-to-back runs
  // of one and then the other cannot promise on a shared machine (their rates varied by ±20% from run to run).
  const both = async (seconds: number) => {
    const [run, unmeteredRun] = await Promise.all([
      loadCounted(metered, seconds, signedIn),
      loadCounted(unmetered, seconds, signedIn),
    ]);
    meteredRuns.push(run);
    return { metered: run.rate, unmetered: unmeteredRun.rate };
  };
  await both(warmUpSeconds);
  const rounds: Array<{ metered: number; unmetered: number }> = [];
  for (let round = 0; round < runs; round += 1) rounds.push(await both(durationSeconds));
  const meteredRates = rounds.map((round) => round.metered);
  const unmeteredRates = rounds.map((round) => round.unmetered);

  const answered = 1 + meteredRuns.reduce((sum, run) => sum + run.answered, 0);
  const sent = 1 + meteredRuns.reduce((sum, run) => sum + run.sent, 0);
  const { published, waitedMs } = await awaitPublished(nats, targets.natsPrefix, userId, before + answered);
  if (published - before > sent) {
    throw new Error(`${published - before} calls of ${customer.email} were published, but ${sent} were sent`);
  }
  return {
    value: median(meteredRates),
    baseline: median(unmeteredRates),
    unit: 'req/s',
    target: { on: 'ratio', atLeast: 0.9 },
    notes: [
      `GET /api/products with the session cookie of ${customer.email}, through the gateway with USAGE_METERING`,
      `on (default 5 s flush to NATS) against an identical gateway with it off.`,
      `autocannon, ${connections} connections to each gateway, ${durationSeconds} s per run after ${warmUpSeconds} s warm-up,` +
        ` ${runs} runs with both gateways loaded at once; medians of the runs.`,
      `metered: ${listRates(meteredRates)} req/s; unmetered: ${listRates(unmeteredRates)} req/s.`,
      `usage published for the customer: ${published - before} calls (${answered} answered 2xx, ${sent} sent),` +
        ` complete ${(waitedMs / 1_000).toFixed(1)} s after the last run.`,
    ],
  };
}

/** Polls the usage stream until the customer's published calls reach `expected`, or fails at the deadline. */
async function awaitPublished(
  nats: NatsConnection,
  natsPrefix: string,
  userId: string,
  expected: number,
): Promise<{ published: number; waitedMs: number }> {
  const started = performance.now();
  for (;;) {
    const published = (await publishedUsage(nats, natsPrefix)).get(userId) ?? 0;
    const waitedMs = performance.now() - started;
    if (published >= expected) return { published, waitedMs };
    if (waitedMs > sizes.meteringCost.publishDeadlineMs) {
      throw new Error(
        `${published} calls were published, short of the ${expected} the metered gateway answered,` +
          ` after ${sizes.meteringCost.publishDeadlineMs} ms`,
      );
    }
    await delay(250);
  }
}
