import type pg from 'pg';
import type { NatsConnection } from '@nats-io/transport-node';
import { tenancyStream } from '@app/contracts';
import { startIntegrationConsumer, type EventingLogger, type IntegrationConsumer } from '@app/eventing';
import { applyTenancyMessage } from './watched-subscriptions.js';

export interface MonitoringConsumersOptions {
  nats: NatsConnection;
  pool: pg.Pool;
  schema: string;
  /** '' in production (stream TENANCY, subjects tenancy.…); a test's uniquePrefix() isolates its streams. */
  prefix: string;
  logger: EventingLogger;
}

/** The durable name is also the dedupe key in processed_messages. */
export const watchedSubscriptionsConsumer = 'monitoring-watched-subscriptions';

/** Tenancy's subscriptions and tenants into monitoring's copy (ARCHITECTURE.md "Read models and consistency"). */
export function startMonitoringConsumers(options: MonitoringConsumersOptions): Promise<IntegrationConsumer> {
  const { prefix } = options;
  return startIntegrationConsumer({
    nats: options.nats,
    pool: options.pool,
    schema: options.schema,
    logger: options.logger,
    stream: prefix ? `${prefix}_${tenancyStream.name}` : tenancyStream.name,
    filterSubject: prefix ? `${prefix}.tenancy.>` : 'tenancy.>',
    durableName: watchedSubscriptionsConsumer,
    handle: applyTenancyMessage,
  });
}
