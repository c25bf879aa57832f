import type pg from 'pg';
import {
  billingStream,
  billingSubjects,
  tenancyStream,
  tenancySubjects,
  type IntegrationEnvelope,
} from '@app/contracts';
import { startServiceConsumers, type ConsumerClients } from '@app/service-kit/runtime';
import { notificationsSchema } from '../../config.js';
import { queueWebhookDeliveries } from './queue-deliveries.js';

/** Durable names, each also its dedupe key in processed_messages; apart from the mail's, so neither holds up the other. */
export const webhookConsumers = {
  billing: 'notifications-webhooks-billing',
  tenancy: 'notifications-webhooks-tenancy',
} as const;

/** The producers whose events tenants' apps may receive (domain/event-types.ts), each queued per endpoint. */
export function startWebhookConsumers(
  clients: ConsumerClients,
  now: () => Date,
): Promise<{ stop(): Promise<void> }> {
  const handle = (envelope: IntegrationEnvelope, tx: pg.PoolClient) =>
    queueWebhookDeliveries(envelope, tx, now());
  return startServiceConsumers(clients, [
    {
      stream: billingStream,
      subject: 'billing.>',
      eventTypes: Object.values(billingSubjects),
      schema: notificationsSchema,
      durableName: webhookConsumers.billing,
      handle,
    },
    {
      stream: tenancyStream,
      subject: 'tenancy.>',
      eventTypes: Object.values(tenancySubjects),
      schema: notificationsSchema,
      durableName: webhookConsumers.tenancy,
      handle,
    },
  ]);
}
