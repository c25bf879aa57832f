import type pg from 'pg';
import type { NatsConnection } from '@nats-io/transport-node';
import { billingStream, billingSubjects } from '@app/contracts';
import { startIntegrationConsumer, type EventingLogger } from '@app/eventing';
import { identitySchema } from '../../config.js';
import { recordBillingCustomer } from './billing-customers.js';

export interface IdentityConsumersOptions {
  nats: NatsConnection;
  pool: pg.Pool;
  /** '' in production; a test's uniquePrefix() isolates its streams. */
  prefix: string;
  logger: EventingLogger;
}

/** Other services' events into identity (ARCHITECTURE.md "Messaging"): billing's provider customers. */
export async function startIdentityConsumers(
  options: IdentityConsumersOptions,
): Promise<{ stop(): Promise<void> }> {
  const { prefix } = options;
  return startIntegrationConsumer({
    nats: options.nats,
    pool: options.pool,
    schema: identitySchema,
    logger: options.logger,
    stream: prefix ? `${prefix}_${billingStream.name}` : billingStream.name,
    filterSubject: prefix ? `${prefix}.${billingSubjects.customerCreated}` : billingSubjects.customerCreated,
    durableName: 'identity-billing-customers',
    handle: recordBillingCustomer,
  });
}
