import type { GatewayUsageRecordedV1 } from '@app/contracts';
import { v7 as uuidv7 } from 'uuid';
import { toUsageBatches } from '../../../gateway/src/usage/usage-batches.js';

/** A user's API calls on each usage day, by their position in the list and the day's. */
export type UsageQuantity = (user: number, day: number) => number;

/**
 * Usage enters billing as the gateway's usage batches on NATS (there is no usage event store): one tally per UTC
 * day, made into batches by the gateway's own batching (at most 5,000 users each).
 */
export function usageBatches(
  users: readonly { userId: string; index: number }[],
  days: readonly string[],
  quantity: UsageQuantity,
): GatewayUsageRecordedV1[] {
  const tallies = days.map((day, d) => {
    const periodStart = Date.parse(`${day}T00:00:00.000Z`);
    return {
      periodStart,
      periodEnd: periodStart + 23 * 3_600_000,
      counts: new Map(users.map((user) => [user.userId, quantity(user.index, d)])),
    };
  });
  const { events, rejectedUserIds } = toUsageBatches(tallies, { instance: 'bench-scale', newId: uuidv7 });
  if (rejectedUserIds.length > 0)
    throw new Error(`user ids the contract refuses: ${rejectedUserIds.join(', ')}`);
  return events;
}
