import type pg from 'pg';
import { z } from 'zod';
import {
  gatewayStream,
  gatewaySubjects,
  gatewayUsageRecordedV1,
  type IntegrationEnvelope,
} from '@app/contracts';
import type { EventingLogger } from '@app/eventing';
import { storeUsageBatch } from './store-usage-batch.js';

/** The durable consumer, and the dedupe key of its messages in processed_messages. */
export const usageConsumerName = 'billing-usage';

/**
 * The gateway's usage batches into billing's usage records: what startServiceConsumer needs besides its
 * clients and schema. `handle` runs in the transaction that records the message as processed (exactly once per envelope
 * id), and storeUsageBatch also claims the batch id, so a batch republished under another envelope counts once.
 *
 * The framework terminates a message that is not a JSON envelope. A well-formed envelope whose batch breaks the
 * contract is refused here: logged, nothing stored, and acknowledged, since redelivering the same bytes could
 * never succeed. Throwing instead would retry it about 20 times over a quarter of an hour for the same result.
 */
export function usageConsumer(logger: EventingLogger) {
  return {
    stream: gatewayStream,
    subject: gatewaySubjects.usageRecorded,
    durableName: usageConsumerName,
    handle: async (envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> => {
      const parsed = gatewayUsageRecordedV1.safeParse(envelope);
      if (!parsed.success) {
        logger.warn(
          { consumer: usageConsumerName, messageId: envelope.id, reason: z.prettifyError(parsed.error) },
          'usage batch breaks its contract; refused, nothing stored',
        );
        return;
      }
      await storeUsageBatch(tx, parsed.data.data);
    },
  };
}
