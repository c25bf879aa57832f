import { nanos } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  ReplayPolicy,
  type ConsumerConfig,
  type ConsumerInfo,
  type JetStreamManager,
} from '@nats-io/jetstream';

export interface DurableConsumerOptions {
  stream: string;
  durableName: string;
  filterSubject: string;
  ackWaitMs: number;
  maxDeliver: number;
  /** The most deliveries out at once: the consumer's batch size. */
  maxAckPending: number;
}

/**
 * Creates the durable pull consumer, or updates the settings that may change on an existing one; safe from
 * every instance at every start. It starts from the beginning of the stream the first time, so a new read model
 * sees history, and from its acknowledged position afterwards.
 */
export async function ensureDurableConsumer(
  jsm: JetStreamManager,
  options: DurableConsumerOptions,
): Promise<ConsumerInfo> {
  const wanted = {
    ack_wait: nanos(options.ackWaitMs),
    max_deliver: options.maxDeliver,
    filter_subject: options.filterSubject,
    // Up to a batch in flight, which one instance holds and applies in stream order (consumer-session.ts). Copies
    // overwrite state (a product's name, a subscription's standing), so applying a redelivered older message after
    // a newer one loses an update, and message-ledger.ts counts on nothing unfinished lying below a finished
    // sequence. JetStream itself delivers newer messages while an older one is out (nak'd and due later, or held
    // by a replica that died), so the session applies a batch only while it holds every message out.
    max_ack_pending: options.maxAckPending,
  } satisfies Partial<ConsumerConfig>;
  const existing = await consumerInfo(jsm, options.stream, options.durableName);
  if (!existing) {
    try {
      return await jsm.consumers.add(options.stream, {
        durable_name: options.durableName,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        replay_policy: ReplayPolicy.Instant,
        ...wanted,
      });
    } catch (error) {
      const raced = await consumerInfo(jsm, options.stream, options.durableName);
      if (!raced) throw error;
      return raced;
    }
  }
  const config = existing.config;
  const same =
    config.ack_wait === wanted.ack_wait &&
    config.max_deliver === wanted.max_deliver &&
    config.filter_subject === wanted.filter_subject &&
    config.max_ack_pending === wanted.max_ack_pending;
  return same ? existing : jsm.consumers.update(options.stream, options.durableName, wanted);
}

async function consumerInfo(
  jsm: JetStreamManager,
  stream: string,
  name: string,
): Promise<ConsumerInfo | null> {
  try {
    return await jsm.consumers.info(stream, name);
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.ConsumerNotFound) return null;
    throw error;
  }
}
