import type { JsMsg } from '@nats-io/jetstream';
import type { IntegrationEnvelope } from '@app/contracts';
import { inTransaction } from '../postgres/transaction.js';
import { parseEnvelope } from './message-envelope.js';
import {
  claimMessages,
  doneMessages,
  finishMessages,
  positionOf,
  recordAbandoned,
  type LedgerEntry,
} from './message-ledger.js';
import {
  actsOn,
  isLastDelivery,
  type MessageProcessor,
  type MessageProcessorOptions,
} from './message-processor.js';
import { inMessageSpan } from './message-span.js';

export interface BatchProcessor {
  /**
   * Applies deliveries given in stream order and answers those it did not get to: the ones after a delivery it
   * gave back (nak'd to come again later), which must wait for it. Never throws.
   */
  process(batch: readonly JsMsg[]): Promise<JsMsg[]>;
}

interface Delivery {
  message: JsMsg;
  envelope: IntegrationEnvelope;
}

const entryOf = ({ message, envelope }: Delivery): LedgerEntry => ({
  messageId: envelope.id,
  position: positionOf(message),
});

/**
 * A fetched batch applied at once (ARCHITECTURE.md "Messaging"): every message id claimed, every message handled in
 * stream order and progress recorded in one transaction, then every message acked, where one at a time costs a
 * commit and a round trip to JetStream per message. Should anything in the batch fail, the transaction rolls back
 * and `single` applies the batch one message at a time exactly as it always has, so a failing message is tried
 * again at once on its own, then given back or terminated, and the ones before it land; the ones after it wait
 * for it, as they would have. A batch with one message to apply goes to `single` straight away. An
 * invalid message ends the batch there: it is terminated by `single`, and what follows it is a batch of its own.
 * Reactions run outside any transaction (message-processor.ts), so a batch of them reacts in order until one fails
 * and records the ones that reacted in one transaction; should that record fail, `single` reacts to them again,
 * which reactions allow (at least once).
 */
export function createBatchProcessor(
  options: MessageProcessorOptions,
  single: MessageProcessor,
): BatchProcessor {
  const { pool, schema, durableName, logger } = options;
  const acted = actsOn(options.eventTypes);

  function skipped(envelope: IntegrationEnvelope): void {
    logger.debug({ consumer: durableName, messageId: envelope.id }, 'duplicate integration message skipped');
  }

  /** JetStream drops a last delivery that times out or whose process dies; this record outlives both. */
  async function recordLastDeliveries(deliveries: readonly Delivery[]): Promise<void> {
    for (const delivery of deliveries) {
      if (!isLastDelivery(delivery.message, options.maxDeliver)) continue;
      const { messageId, position } = entryOf(delivery);
      await recordAbandoned(pool, schema, durableName, position, messageId, 'on its last delivery');
    }
  }

  async function handleInOneTransaction(
    deliveries: readonly Delivery[],
    handle: NonNullable<MessageProcessorOptions['handle']>,
  ): Promise<void> {
    await inTransaction(pool, async (tx) => {
      const claimed = await claimMessages(tx, schema, durableName, deliveries.map(entryOf));
      const handled: IntegrationEnvelope[] = [];
      for (const { message, envelope } of deliveries) {
        if (!claimed.has(message.seq)) skipped(envelope);
        else {
          await inMessageSpan(message, envelope, durableName, () => handle(envelope, tx));
          handled.push(envelope);
        }
      }
      if (handled.length > 0) await options.finishBatch?.(handled, tx);
      await finishMessages(
        tx,
        schema,
        durableName,
        deliveries.map(entryOf).map((entry) => entry.position),
      );
    });
  }

  /** Reacts in order until a reaction fails; records the ones before it and answers how many they are. */
  async function reactInOrder(
    deliveries: readonly Delivery[],
    react: NonNullable<MessageProcessorOptions['react']>,
  ): Promise<number> {
    const entries = deliveries.map(entryOf);
    const done = await doneMessages(pool, schema, durableName, entries);
    const seen = new Set<string>();
    let reacted = 0;
    for (const { message, envelope } of deliveries) {
      if (done.has(message.seq) || seen.has(envelope.id)) skipped(envelope);
      else {
        try {
          await inMessageSpan(message, envelope, durableName, () => react(envelope));
        } catch {
          // Tried again at once by `single`, which gives it back and logs why.
          break;
        }
      }
      seen.add(envelope.id);
      reacted += 1;
    }
    const recorded = entries.slice(0, reacted);
    if (recorded.length === 0) return 0;
    await inTransaction(pool, async (tx) => {
      await claimMessages(tx, schema, durableName, recorded);
      await finishMessages(
        tx,
        schema,
        durableName,
        recorded.map((entry) => entry.position),
      );
    });
    return reacted;
  }

  /**
   * Acks after the commit. The last ack waits for JetStream's word: it takes a consumer's acks in order, so
   * then it has taken them all, and the session's next count of what is out is right (consumer-session.ts).
   */
  async function acknowledge(messages: readonly JsMsg[]): Promise<void> {
    const last = messages[messages.length - 1];
    if (last === undefined) return;
    for (const message of messages.slice(0, -1)) message.ack();
    const confirmed = await last.ackAck().catch(() => false);
    // Not fatal: one not taken is delivered again after ack_wait, and skipped then as done.
    if (!confirmed)
      logger.warn({ consumer: durableName, seq: last.seq }, 'acks of integration messages unconfirmed');
  }

  /** Applies valid deliveries; answers how many of them, from the first, are done and acked. */
  async function applyTogether(deliveries: readonly Delivery[]): Promise<number> {
    const actedOn = deliveries.filter((delivery) => acted(delivery.envelope.type));
    // Alone, a message is applied as it always was, and its failure is not tried twice.
    if (actedOn.length === 1) return 0;
    try {
      await recordLastDeliveries(actedOn);
      let applied = actedOn.length;
      if (actedOn.length > 0 && options.react) applied = await reactInOrder(actedOn, options.react);
      else if (actedOn.length > 0 && options.handle) await handleInOneTransaction(actedOn, options.handle);
      const firstLeft = actedOn[applied];
      const done = firstLeft === undefined ? deliveries.length : deliveries.indexOf(firstLeft);
      await acknowledge(deliveries.slice(0, done).map((delivery) => delivery.message));
      logger.debug(
        { consumer: durableName, messages: done, firstSeq: deliveries[0]?.message.seq },
        'integration messages handled together',
      );
      return done;
    } catch (error) {
      logger.debug(
        { err: error, consumer: durableName, messages: deliveries.length },
        'a batch of integration messages failed; applying them one at a time',
      );
      return 0;
    }
  }

  return {
    async process(batch) {
      for (let start = 0; start < batch.length;) {
        const valid: Delivery[] = [];
        for (const message of batch.slice(start)) {
          const parsed = parseEnvelope(message);
          if (!parsed.success) break;
          valid.push({ message, envelope: parsed.data });
        }
        const done = valid.length > 0 ? await applyTogether(valid) : 0;
        // One at a time from the first not done, up to and with the invalid message that ended them, if one did.
        const end = Math.min(start + valid.length + 1, batch.length);
        for (let index = start + done; index < end; index += 1) {
          if ((await single.process(batch[index] as JsMsg)) === 'givenBack') return batch.slice(index + 1);
        }
        start = end;
      }
      return [];
    },
  };
}
