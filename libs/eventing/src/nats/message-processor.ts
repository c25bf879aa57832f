import type pg from 'pg';
import type { JsMsg } from '@nats-io/jetstream';
import type { IntegrationEnvelope } from '@app/contracts';
import { inTransaction } from '../postgres/transaction.js';
import { backoffDelay } from '@app/retry';
import type { EventingLogger } from '../logger.js';
import { parseEnvelope } from './message-envelope.js';
import {
  claimMessages,
  doneMessages,
  finishMessages,
  positionOf,
  recordAbandoned,
  type LedgerEntry,
} from './message-ledger.js';
import { MessageNotReadyYet, quietDeliveries } from './message-not-ready.js';
import { inMessageSpan } from './message-span.js';

/**
 * How a consumer applies a message (either throws to have the message redelivered later):
 * - `handle` updates read models inside the transaction that records the message (message-ledger.ts): exactly
 *   once. It must use only the transaction it is given, and must not catch a failed statement to go on: the
 *   transaction may hold a whole batch of messages (batch-processor.ts), and after a failed statement Postgres
 *   refuses the rest of it.
 * - `react` runs commands on this service's own aggregates, outside any transaction, and the message is recorded
 *   after it succeeds: at least once, so a reaction must be idempotent (fixed ids, repeat-safe commands). An open
 *   transaction would hold back the event store's commit horizon (pg_snapshot_xmin), so a reaction that waits
 *   for its own projection inside one would wait for itself.
 */
export type MessageHandler =
  | {
      handle: (envelope: IntegrationEnvelope, tx: pg.PoolClient) => Promise<void>;
      /**
       * Runs once per transaction, after `handle` has run for each of its messages (those not skipped as done),
       * before the commit: for work that takes a lock other writers take too, which a batch would otherwise hold
       * from its first message to its commit (tenancy's tenant_totals, taken by its projections as well).
       */
      finishBatch?: (envelopes: readonly IntegrationEnvelope[], tx: pg.PoolClient) => Promise<void>;
      react?: never;
    }
  | { react: (envelope: IntegrationEnvelope) => Promise<void>; handle?: never; finishBatch?: never };

export type MessageProcessorOptions = MessageHandler & {
  pool: pg.Pool;
  schema: string;
  durableName: string;
  logger: EventingLogger;
  maxDeliver: number;
  /**
   * The envelope types the handler acts on, when its subject takes in more (NATS 2.9 has one filter per consumer:
   * `tenancy.>` also brings tenancy's audit entries, one per stored event). Any other type is acked at once,
   * without a transaction or a record: applying it would change nothing, so it is done whenever it comes.
   */
  eventTypes?: readonly string[];
};

/** What became of a delivery: done (acked, or terminated and recorded), or given back to come again later. */
export type DeliveryOutcome = 'done' | 'givenBack';

/** 1 s doubling to a minute; JetStream holds the message back that long, so jitter would buy nothing. */
const redeliveryBackoff = { baseMs: 1_000, maxMs: 60_000, jitter: false };

export interface MessageProcessor {
  /** Handles one delivery. Never throws. */
  process(message: JsMsg): Promise<DeliveryOutcome>;
  /** Gives back a delivery that was fetched but not started because the consumer is stopping. */
  returnUnstarted(message: JsMsg): Promise<void>;
}

/** Whether JetStream would deliver the message again should this delivery fail or time out. */
export function isLastDelivery(message: JsMsg, maxDeliver: number): boolean {
  return message.info.deliveryCount >= maxDeliver;
}

/** Whether the consumer acts on envelopes of `type` (MessageProcessorOptions.eventTypes). */
export function actsOn(eventTypes: readonly string[] | undefined): (type: string) => boolean {
  const actedOn = eventTypes && new Set(eventTypes);
  return (type) => !actedOn || actedOn.has(type);
}

/**
 * Handles one delivery: validate (junk is terminated, never retried), then record the message and run the
 * handler in one transaction, then ack. A failure rolls both back and asks for redelivery later. A message
 * JetStream will not deliver again (terminated, or on its last delivery) is recorded as abandoned first, so that a
 * replay applies it (message-ledger.ts).
 */
export function createMessageProcessor(options: MessageProcessorOptions): MessageProcessor {
  const { pool, schema, durableName, logger } = options;
  const lastDelivery = (message: JsMsg) => isLastDelivery(message, options.maxDeliver);
  const acted = actsOn(options.eventTypes);

  function skipped(envelope: IntegrationEnvelope): void {
    logger.debug({ consumer: durableName, messageId: envelope.id }, 'duplicate integration message skipped');
  }

  async function reactOnce(
    entry: LedgerEntry,
    envelope: IntegrationEnvelope,
    react: (envelope: IntegrationEnvelope) => Promise<void>,
  ): Promise<void> {
    const done = await doneMessages(pool, schema, durableName, [entry]);
    if (!done.has(entry.position.seq)) await react(envelope);
    else skipped(envelope);
    await inTransaction(pool, async (tx) => {
      await claimMessages(tx, schema, durableName, [entry]);
      await finishMessages(tx, schema, durableName, [entry.position]);
    });
  }

  async function handleOnce(envelope: IntegrationEnvelope, entry: LedgerEntry): Promise<void> {
    if (options.react) return reactOnce(entry, envelope, options.react);
    const { handle, finishBatch } = options;
    await inTransaction(pool, async (tx) => {
      const claimed = await claimMessages(tx, schema, durableName, [entry]);
      if (!claimed.has(entry.position.seq)) skipped(envelope);
      else {
        await handle(envelope, tx);
        await finishBatch?.([envelope], tx);
      }
      await finishMessages(tx, schema, durableName, [entry.position]);
    });
  }

  /**
   * Records the message as abandoned, then terminates it. Should the record fail (Postgres away), a delivery
   * that is not the last is given back to try again; the last is terminated all the same, and the log says so.
   */
  async function abandon(message: JsMsg, messageId: string | null, reason: string): Promise<DeliveryOutcome> {
    const fields = { consumer: durableName, messageId, seq: message.seq };
    try {
      await recordAbandoned(pool, schema, durableName, positionOf(message), messageId, reason);
    } catch (error) {
      if (!lastDelivery(message)) {
        logger.warn({ ...fields, err: error }, 'could not record an abandoned message; redelivering later');
        message.nak(backoffDelay(message.info.deliveryCount - 1, redeliveryBackoff));
        return 'givenBack';
      }
      logger.error(
        { ...fields, err: error },
        'could not record an abandoned message; a replay of its consumer will not apply it',
      );
    }
    message.term();
    return 'done';
  }

  /** Redelivery with growing delay; the last allowed delivery is terminated loudly rather than dropped quietly. */
  async function giveBack(
    message: JsMsg,
    envelope: IntegrationEnvelope,
    error: unknown,
  ): Promise<DeliveryOutcome> {
    const deliveries = message.info.deliveryCount;
    const fields = {
      err: error,
      consumer: durableName,
      messageId: envelope.id,
      type: envelope.type,
      deliveries,
    };
    if (lastDelivery(message)) {
      logger.error(
        fields,
        'integration message failed on its last delivery; terminated, replay it after a fix',
      );
      return abandon(message, envelope.id, `failed on its last delivery: ${String(error)}`);
    }
    if (error instanceof MessageNotReadyYet && deliveries < quietDeliveries) {
      logger.info(fields, 'integration message not ready yet; redelivering later');
    } else {
      logger.error(fields, 'integration message failed; redelivering later');
    }
    message.nak(backoffDelay(deliveries - 1, redeliveryBackoff));
    return 'givenBack';
  }

  async function process(message: JsMsg): Promise<DeliveryOutcome> {
    const envelope = parseEnvelope(message);
    if (!envelope.success) {
      logger.warn(
        { consumer: durableName, subject: message.subject, seq: message.seq, reason: envelope.reason },
        'invalid integration message; terminated',
      );
      return abandon(message, null, `invalid: ${envelope.reason}`);
    }
    if (!acted(envelope.data.type)) {
      message.ack();
      return 'done';
    }
    try {
      await inMessageSpan(message, envelope.data, durableName, async () => {
        const entry = { messageId: envelope.data.id, position: positionOf(message) };
        // JetStream drops a last delivery that times out or whose process dies; this record outlives both.
        if (lastDelivery(message)) {
          await recordAbandoned(
            pool,
            schema,
            durableName,
            entry.position,
            entry.messageId,
            'on its last delivery',
          );
        }
        await handleOnce(envelope.data, entry);
        logger.debug(
          { consumer: durableName, messageId: envelope.data.id, type: envelope.data.type },
          'integration message handled',
        );
      });
    } catch (error) {
      return giveBack(message, envelope.data, error);
    }
    message.ack();
    return 'done';
  }

  return {
    process,
    async returnUnstarted(message) {
      // A last delivery given back is not delivered again: abandoned, so a replay applies it.
      if (!lastDelivery(message)) return message.nak();
      const envelope = parseEnvelope(message);
      await abandon(
        message,
        envelope.success ? envelope.data.id : null,
        'given back unstarted on its last delivery',
      );
    },
  };
}
