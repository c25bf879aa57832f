import { hostname } from 'node:os';
import type { NatsConnection } from '@nats-io/transport-node';
import { v7 as uuidv7 } from 'uuid';
import { startUsageFlusher, type UsageFlusher, type UsageLogger } from './usage-flusher.js';
import type { UsageMeter } from './usage-meter.js';
import { openUsageStream } from './usage-stream.js';

/** Publishes the meter's counts to the gateway's stream every `intervalMs` until stopped (then once more). */
export async function startUsagePublishing(options: {
  meter: UsageMeter;
  nats: NatsConnection;
  prefix: string;
  /** NATS_STREAM_REPLICAS; 1 when absent. */
  replicas?: number;
  intervalMs: number;
  logger: UsageLogger;
}): Promise<UsageFlusher> {
  const publish = await openUsageStream({
    nats: options.nats,
    prefix: options.prefix,
    replicas: options.replicas,
  });
  return startUsageFlusher({
    meter: options.meter,
    publish,
    intervalMs: options.intervalMs,
    // Names the process in each batch, for tracing one back to the pod that counted it.
    instance: `${hostname()}/${process.pid}`,
    newId: uuidv7,
    logger: options.logger,
  });
}
