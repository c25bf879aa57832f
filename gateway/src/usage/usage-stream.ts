import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { gatewayStream, type GatewayUsageRecordedV1 } from '@app/contracts';
import { ensureStream } from '@app/eventing/nats';

export interface UsageStreamOptions {
  nats: NatsConnection;
  /** NATS_PREFIX, applied as the services' relays apply theirs: stream `<prefix>_GATEWAY`, `<prefix>.gateway.>`. */
  prefix: string;
  /** NATS_STREAM_REPLICAS; 1 when absent. */
  replicas?: number | undefined;
  /** How long one publish waits for JetStream's ack before it counts as failed. */
  timeoutMs?: number;
}

/**
 * Ensures the gateway's own stream (safe from every instance at every start) and returns the publish the
 * flusher uses: the batch on `<prefix>.gateway.usage.recorded.v1` with `Nats-Msg-Id` = batchId, resolved once
 * JetStream has stored it, so a batch republished after a lost ack is deduplicated.
 */
export async function openUsageStream(
  options: UsageStreamOptions,
): Promise<(event: GatewayUsageRecordedV1) => Promise<void>> {
  const { nats, prefix } = options;
  const subjectPrefix = prefix ? `${prefix}.` : '';
  await ensureStream(await jetstreamManager(nats), {
    name: prefix ? `${prefix}_${gatewayStream.name}` : gatewayStream.name,
    subjects: gatewayStream.subjects.map((subject) => `${subjectPrefix}${subject}`),
    replicas: options.replicas,
  });
  const js = jetstream(nats);
  const timeout = options.timeoutMs ?? 3_000;
  return async (event) => {
    await js.publish(`${subjectPrefix}${event.type}`, JSON.stringify(event), { msgID: event.id, timeout });
  };
}
