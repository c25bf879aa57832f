import { billingStream, billingSubjects } from '@app/contracts';
import { startServiceConsumer, type ConsumerClients } from '@app/service-kit/runtime';
import { identitySchema } from '../../config.js';
import { recordBillingCustomer } from './billing-customers.js';

/** Other services' events into identity (ARCHITECTURE.md "Messaging"): billing's provider customers. */
export function startIdentityConsumers(clients: ConsumerClients): Promise<{ stop(): Promise<void> }> {
  return startServiceConsumer(clients, {
    stream: billingStream,
    subject: billingSubjects.customerCreated,
    schema: identitySchema,
    durableName: 'identity-billing-customers',
    handle: recordBillingCustomer,
  });
}
