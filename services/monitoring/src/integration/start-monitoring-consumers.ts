import { tenancyStream, tenancySubjects } from '@app/contracts';
import { startServiceConsumers, type ConsumerClients } from '@app/service-kit/runtime';
import { monitoringSchema } from '../config.js';
import { applyTenancyMessage } from './watched-subscriptions.js';

/** The durable name is also the dedupe key in processed_messages. */
export const watchedSubscriptionsConsumer = 'monitoring-watched-subscriptions';

/** Tenancy's subscriptions and tenants into monitoring's copy (ARCHITECTURE.md "Read models and consistency"). */
export function startMonitoringConsumers(clients: ConsumerClients): Promise<{ stop(): Promise<void> }> {
  return startServiceConsumers(clients, [
    {
      stream: tenancyStream,
      subject: 'tenancy.>',
      eventTypes: Object.values(tenancySubjects),
      schema: monitoringSchema,
      durableName: watchedSubscriptionsConsumer,
      handle: applyTenancyMessage,
    },
  ]);
}
