import type pg from 'pg';
import { v5 as uuidv5 } from 'uuid';
import type { UsageRecordedV1Data } from '@app/contracts';
import { inTransaction } from '@app/eventing';
import { demoAccounts } from '@app/demo-fixtures';
import { storeUsageBatch } from './store-usage-batch.js';
import { periodOfDay, utcDayOf } from './usage-period.js';

/** Names the demo batches: one fixed id per day, so a rerun finds its days already stored. */
const demoUsageNamespace = '3ca082b0-fde0-47c4-a890-e6c6db6a0e4b';

/** Typical API calls on a weekday; weekends see about a third. Casey integrates heavily, Jordan lightly. */
const demoCallsPerWeekday: ReadonlyArray<{ email: string; calls: number }> = [
  { email: 'casey@demo.local', calls: 1_400 },
  { email: 'jordan@demo.local', calls: 450 },
];

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Demo data, not metering: the demo customers' API calls on every finished UTC day of the previous and current
 * month before `now`, one batch per day as the gateway would have sent them (`gatewayInstance` says `demo-seed`).
 * Quantities vary by user and day but are fixed for both, so every run proposes the same batches. Today is left
 * to the real meter: the demo customers' own clicks through the gateway are counted on top.
 */
export function demoUsageBatches(now: Date): UsageRecordedV1Data[] {
  const users = demoCallsPerWeekday.map(({ email, calls }) => {
    const account = demoAccounts.find((candidate) => candidate.email === email);
    if (!account) throw new Error(`No demo account ${email}`);
    return { userId: account.id, calls };
  });
  const today = Date.parse(`${utcDayOf(now)}T00:00:00.000Z`);
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  const batches: UsageRecordedV1Data[] = [];
  for (let start = first; start < today; start += dayMs) {
    const day = utcDayOf(new Date(start));
    const weekend = [0, 6].includes(new Date(start).getUTCDay());
    batches.push({
      batchId: uuidv5(`demo-usage/${day}`, demoUsageNamespace),
      gatewayInstance: 'demo-seed',
      ...periodOfDay(day),
      counts: users.map(({ userId, calls }) => ({
        userId,
        metric: 'api_calls' as const,
        quantity: Math.max(1, Math.round(calls * (weekend ? 0.35 : 1) * (0.75 + 0.5 * jitter(userId, day)))),
      })),
    });
  }
  return batches;
}

/** A fixed number in [0, 1) per user and day. */
function jitter(userId: string, day: string): number {
  return Number.parseInt(uuidv5(`${userId}/${day}`, demoUsageNamespace).slice(0, 8), 16) / 2 ** 32;
}

export interface DemoUsageReport {
  stored: number;
  alreadyStored: number;
}

/** Stores the demo batches through storeUsageBatch, the consumer's own path, each in its own transaction. */
export async function seedDemoUsage(pool: pg.Pool, now: Date): Promise<DemoUsageReport> {
  const report: DemoUsageReport = { stored: 0, alreadyStored: 0 };
  for (const batch of demoUsageBatches(now)) {
    const outcome = await inTransaction(pool, (client) => storeUsageBatch(client, batch));
    if (outcome === 'stored') report.stored += 1;
    else report.alreadyStored += 1;
  }
  return report;
}
