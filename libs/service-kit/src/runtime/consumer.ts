import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import {
  startIntegrationConsumer,
  type EventingLogger,
  type IntegrationConsumer,
  type IntegrationConsumerOptions,
} from '@app/eventing';

/** What a service's consumers need of its clients (a service's ServiceClients fit). */
export interface ConsumerClients {
  nats: NatsConnection;
  pool: pg.Pool;
  logger: EventingLogger;
  /** NATS_PREFIX, applied to the producer's stream and subjects as its relay applies it. */
  natsPrefix: string;
  /** How long consumed message ids are kept (PROCESSED_MESSAGES_RETENTION_DAYS); @app/eventing's 7 days if absent. */
  processedMessageRetentionMs?: number;
}

export type ServiceConsumerOptions = Omit<
  IntegrationConsumerOptions,
  'nats' | 'pool' | 'logger' | 'stream' | 'filterSubject'
> & {
  /** The producer's stream as the contracts name it, e.g. `billingStream`. */
  stream: { name: string };
  /** One subject of it, as the contracts name it (NATS 2.9 takes one filter per consumer). */
  subject: string;
};

/**
 * A consumer of another service's integration events, with the environment's NATS_PREFIX applied to the stream
 * and subject the same way the producer's relay applies it. It prunes its processed-message ids itself, past the
 * retention and never so that a duplicate gets through (@app/eventing's message-ledger.ts).
 */
export function startServiceConsumer(
  clients: ConsumerClients,
  options: ServiceConsumerOptions,
): Promise<IntegrationConsumer> {
  const { stream, subject, ...consumer } = options;
  const prefix = clients.natsPrefix;
  return startIntegrationConsumer({
    ...consumer,
    nats: clients.nats,
    pool: clients.pool,
    logger: clients.logger,
    stream: prefix ? `${prefix}_${stream.name}` : stream.name,
    filterSubject: prefix ? `${prefix}.${subject}` : subject,
    ...(clients.processedMessageRetentionMs === undefined
      ? {}
      : { processedMessageRetentionMs: clients.processedMessageRetentionMs }),
  } as IntegrationConsumerOptions);
}

/**
 * A service's consumers, started in order and stopped together. Should one fail to start (its stream missing,
 * NATS gone), those already started are stopped before the error goes on, so a failed start leaves no consumer
 * running behind a process that is about to exit.
 */
export async function startServiceConsumers(
  clients: ConsumerClients,
  consumers: readonly ServiceConsumerOptions[],
): Promise<{ stop(): Promise<void> }> {
  const started: IntegrationConsumer[] = [];
  const stop = async () => {
    await Promise.all(started.map((consumer) => consumer.stop()));
  };
  try {
    for (const options of consumers) started.push(await startServiceConsumer(clients, options));
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
