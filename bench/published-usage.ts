/** What a gateway published to its usage stream, read back so a figure can check that no call went uncounted. */
import {
  JetStreamApiCodes,
  JetStreamApiError,
  jetstreamManager,
  type JetStreamManager,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { gatewayStream, gatewayUsageRecordedV1 } from '@app/contracts';

/** The stream the gateway publishes to under NATS_PREFIX `prefix`. */
export function usageStreamName(prefix: string): string {
  return `${prefix}_${gatewayStream.name}`;
}

/**
 * Calls per user over every batch in the stream, each batch checked against the contract; batch ids must be
 * unique (a duplicate would be a publish JetStream failed to deduplicate). Empty when the stream does not exist.
 */
export async function publishedUsage(nats: NatsConnection, prefix: string): Promise<Map<string, number>> {
  const jsm = await jetstreamManager(nats);
  const name = usageStreamName(prefix);
  const sums = new Map<string, number>();
  const batchIds = new Set<string>();
  for await (const payload of storedMessages(jsm, name)) {
    const { data } = gatewayUsageRecordedV1.parse(payload);
    if (batchIds.has(data.batchId)) throw new Error(`usage batch ${data.batchId} is in ${name} twice`);
    batchIds.add(data.batchId);
    for (const { userId, quantity } of data.counts) sums.set(userId, (sums.get(userId) ?? 0) + quantity);
  }
  return sums;
}

async function* storedMessages(jsm: JetStreamManager, name: string): AsyncGenerator<unknown> {
  let info;
  try {
    info = await jsm.streams.info(name);
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return;
    throw error;
  }
  if (info.state.messages === 0) return;
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
    const message = await jsm.streams.getMessage(name, { seq });
    if (message) yield message.json();
  }
}
