import { auditSources, identityStream } from '@app/contracts';
import { startServiceConsumers, type ConsumerClients } from '@app/service-kit/runtime';
import { auditSchema } from '../config.js';
import { applyIdentityMessage } from './identity-actors.js';
import { recordAuditEntry } from './record-entry.js';

/** The durable names, which are also the dedupe keys in processed_messages. */
export const auditEntriesConsumer = (producer: string) => `audit-entries-${producer}`;
export const actorsConsumer = 'audit-actors';

/**
 * Every producer's audit entries (one durable consumer per stream, NATS 2.9 taking one subject filter each) and
 * identity's users, for the names of who did what.
 */
export function startAuditConsumers(clients: ConsumerClients): Promise<{ stop(): Promise<void> }> {
  return startServiceConsumers(clients, [
    ...auditSources.map(({ producer, stream, subject }) => ({
      stream,
      subject,
      schema: auditSchema,
      durableName: auditEntriesConsumer(producer),
      handle: recordAuditEntry,
    })),
    {
      stream: identityStream,
      subject: 'identity.user.>',
      schema: auditSchema,
      durableName: actorsConsumer,
      handle: applyIdentityMessage,
    },
  ]);
}
