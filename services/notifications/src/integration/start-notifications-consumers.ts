import {
  billingStream,
  billingSubjects,
  catalogStream,
  catalogSubjects,
  identityStream,
  identitySubjects,
  tenancyStream,
  tenancySubjects,
} from '@app/contracts';
import { startServiceConsumers, type ConsumerClients } from '@app/service-kit/runtime';
import { notificationsSchema } from '../config.js';
import type { AppLinks } from './app-links.js';
import { billingMessageHandler } from './billing-messages.js';
import { applyCatalogMessage } from './catalog-products.js';
import { identityMessageHandler } from './identity-messages.js';
import { applyIdentityMessage } from './identity-users.js';
import { tenancyMessageHandler } from './tenancy-messages.js';
import { applyTenancyMessage } from './tenancy-tenants.js';

/** Durable names, each also its dedupe key in processed_messages. */
export const notificationsConsumers = {
  users: 'notifications-users',
  tenants: 'notifications-tenants',
  products: 'notifications-products',
  billing: 'notifications-billing',
} as const;

/**
 * The copies of who gets mail (identity's users, tenancy's tenants, the catalogue's product names) and the
 * events that call for mail (ARCHITECTURE.md "Read models and consistency"). A message whose recipient is not
 * copied yet is redelivered later (enqueue-email.ts), as the streams are not ordered among themselves.
 */
export function startNotificationsConsumers(
  clients: ConsumerClients,
  deps: { links: AppLinks; now: () => Date },
): Promise<{ stop(): Promise<void> }> {
  const schema = notificationsSchema;
  const tenancyMail = tenancyMessageHandler(deps.links, deps.now);
  const identityMail = identityMessageHandler(deps.now);
  return startServiceConsumers(clients, [
    {
      stream: identityStream,
      subject: 'identity.>',
      eventTypes: Object.values(identitySubjects),
      schema,
      durableName: notificationsConsumers.users,
      // The copy first, then the security notice the event calls for (identity-messages.ts), in one transaction.
      handle: async (envelope, tx) => {
        await applyIdentityMessage(envelope, tx);
        await identityMail(envelope, tx);
      },
    },
    {
      stream: tenancyStream,
      subject: 'tenancy.>',
      eventTypes: Object.values(tenancySubjects),
      schema,
      durableName: notificationsConsumers.tenants,
      // The copies first, then the mail the event calls for (tenancy-messages.ts), in one transaction.
      handle: async (envelope, tx) => {
        await applyTenancyMessage(envelope, tx);
        await tenancyMail(envelope, tx);
      },
    },
    {
      stream: catalogStream,
      subject: 'catalog.>',
      eventTypes: Object.values(catalogSubjects),
      schema,
      durableName: notificationsConsumers.products,
      handle: applyCatalogMessage,
    },
    {
      stream: billingStream,
      subject: 'billing.>',
      eventTypes: Object.values(billingSubjects),
      schema,
      durableName: notificationsConsumers.billing,
      handle: billingMessageHandler(deps.links, deps.now),
    },
  ]);
}
