import {
  gatewaySubjects,
  maxUsageCountsPerBatch,
  type GatewayUsageRecordedV1,
  type UsageCount,
} from '@app/contracts';
import { regexes } from 'zod';
import type { UsageTally } from './usage-meter.js';

export interface UsageBatchOptions {
  /** Which gateway process counted (`gatewayInstance`). */
  instance: string;
  /** A fresh UUIDv7 per batch: its `batchId`, envelope id and Nats-Msg-Id. */
  newId: () => string;
  maxCountsPerBatch?: number;
}

export interface UsageBatches {
  events: GatewayUsageRecordedV1[];
  /** Users left out because their id is not a UUID, which the contract requires (identity only issues UUIDs). */
  rejectedUserIds: string[];
}

/** The contract's `idSchema` test, without a zod parse per user. */
const uuidPattern = regexes.uuid();

/**
 * The `gateway.usage.recorded.v1` events for some tallies: one batch per tally, split into several of the same
 * period when it counted more users than a batch may hold. It runs on the event loop at every flush, so it does
 * not zod-parse its batches (for 50,000 users that took about 40 ms, this takes about 12): everything but the user
 * ids is made here in the contract's shape (the tests parse the result with it), and the user ids, which come
 * from identity, are checked one by one, so one bad id cannot make a batch the flusher would retry forever.
 */
export function toUsageBatches(tallies: readonly UsageTally[], options: UsageBatchOptions): UsageBatches {
  const limit = Math.min(options.maxCountsPerBatch ?? maxUsageCountsPerBatch, maxUsageCountsPerBatch);
  const events: GatewayUsageRecordedV1[] = [];
  const rejectedUserIds: string[] = [];
  for (const tally of tallies) {
    const periodStart = new Date(tally.periodStart).toISOString();
    const periodEnd = new Date(tally.periodEnd).toISOString();
    let counts: UsageCount[] = [];
    const emit = () => {
      const batchId = options.newId();
      events.push({
        id: batchId,
        type: gatewaySubjects.usageRecorded,
        occurredAt: periodEnd,
        data: { batchId, gatewayInstance: options.instance, periodStart, periodEnd, counts },
      });
      counts = [];
    };
    for (const [userId, quantity] of tally.counts) {
      if (!uuidPattern.test(userId)) {
        rejectedUserIds.push(userId);
        continue;
      }
      counts.push({ userId, metric: 'api_calls', quantity });
      if (counts.length === limit) emit();
    }
    if (counts.length > 0) emit();
  }
  return { events, rejectedUserIds };
}
