import type pg from 'pg';
import { Match, type MsgHdrs } from '@nats-io/transport-node';
import type { JsMsg } from '@nats-io/jetstream';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type TextMapGetter,
} from '@opentelemetry/api';
import { z } from 'zod';
import { integrationEnvelopeSchema, type IntegrationEnvelope } from '@app/contracts';
import { inTransaction } from '../postgres/transaction.js';
import { backoffDelay } from '@app/retry';
import type { EventingLogger } from '../logger.js';
import {
  claimMessage,
  finishMessage,
  positionOf,
  recordAbandoned,
  wasMessageDone,
  type MessagePosition,
} from './message-ledger.js';
import { MessageNotReadyYet, quietDeliveries } from './message-not-ready.js';

/**
 * How a consumer applies a message (either throws to have the message redelivered later):
 * - `handle` updates read models inside the transaction that records the message (message-ledger.ts): exactly
 *   once.
 * - `react` runs commands on this service's own aggregates, outside any transaction, and the message is recorded
 *   after it succeeds: at least once, so a reaction must be idempotent (fixed ids, repeat-safe commands). An open
 *   transaction would hold back the event store's commit horizon (pg_snapshot_xmin), so a reaction that waits
 *   for its own projection inside one would wait for itself.
 */
export type MessageHandler =
  | { handle: (envelope: IntegrationEnvelope, tx: pg.PoolClient) => Promise<void>; react?: never }
  | { react: (envelope: IntegrationEnvelope) => Promise<void>; handle?: never };

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

/** 1 s doubling to a minute; JetStream holds the message back that long, so jitter would buy nothing. */
const redeliveryBackoff = { baseMs: 1_000, maxMs: 60_000, jitter: false };

const tracer = trace.getTracer('@app/eventing');

const headerGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (headers) => headers?.keys() ?? [],
  // MsgHdrs.get answers '' for a missing header; the propagator wants undefined.
  get: (headers, key) => headers?.get(key, Match.IgnoreCase) || undefined,
};

export interface MessageProcessor {
  /** Handles one delivery. Never throws. */
  process(message: JsMsg): Promise<void>;
  /** Gives back a delivery that was fetched but not started because the consumer is stopping. */
  returnUnstarted(message: JsMsg): Promise<void>;
}

/**
 * Handles one delivery: validate (junk is terminated, never retried), then record the message and run the
 * handler in one transaction, then ack. A failure rolls both back and asks for redelivery later. A message
 * JetStream will not deliver again (terminated, or on its last delivery) is recorded as abandoned first, so that a
 * replay applies it (message-ledger.ts).
 */
export function createMessageProcessor(options: MessageProcessorOptions): MessageProcessor {
  const { pool, schema, durableName, logger } = options;
  const isLastDelivery = (message: JsMsg) => message.info.deliveryCount >= options.maxDeliver;
  const actedOn = options.eventTypes && new Set(options.eventTypes);

  function skipped(envelope: IntegrationEnvelope): void {
    logger.debug({ consumer: durableName, messageId: envelope.id }, 'duplicate integration message skipped');
  }

  async function reactOnce(
    envelope: IntegrationEnvelope,
    position: MessagePosition,
    react: (envelope: IntegrationEnvelope) => Promise<void>,
  ): Promise<void> {
    if (!(await wasMessageDone(pool, schema, durableName, envelope.id, position))) await react(envelope);
    else skipped(envelope);
    await inTransaction(pool, async (tx) => {
      await claimMessage(tx, schema, durableName, envelope.id, position);
      await finishMessage(tx, schema, durableName, position);
    });
  }

  async function handleOnce(envelope: IntegrationEnvelope, position: MessagePosition): Promise<void> {
    if (options.react) return reactOnce(envelope, position, options.react);
    const { handle } = options;
    await inTransaction(pool, async (tx) => {
      if (await claimMessage(tx, schema, durableName, envelope.id, position)) await handle(envelope, tx);
      else skipped(envelope);
      await finishMessage(tx, schema, durableName, position);
    });
  }

  /**
   * Records the message as abandoned, then terminates it. Should the record fail (Postgres away), a delivery
   * that is not the last is given back to try again; the last is terminated all the same, and the log says so.
   */
  async function abandon(message: JsMsg, messageId: string | null, reason: string): Promise<void> {
    const fields = { consumer: durableName, messageId, seq: message.seq };
    try {
      await recordAbandoned(pool, schema, durableName, positionOf(message), messageId, reason);
    } catch (error) {
      if (!isLastDelivery(message)) {
        logger.warn({ ...fields, err: error }, 'could not record an abandoned message; redelivering later');
        message.nak(backoffDelay(message.info.deliveryCount - 1, redeliveryBackoff));
        return;
      }
      logger.error(
        { ...fields, err: error },
        'could not record an abandoned message; a replay of its consumer will not apply it',
      );
    }
    message.term();
  }

  /** Redelivery with growing delay; the last allowed delivery is terminated loudly rather than dropped quietly. */
  async function giveBack(message: JsMsg, envelope: IntegrationEnvelope, error: unknown): Promise<void> {
    const deliveries = message.info.deliveryCount;
    const fields = {
      err: error,
      consumer: durableName,
      messageId: envelope.id,
      type: envelope.type,
      deliveries,
    };
    if (isLastDelivery(message)) {
      logger.error(
        fields,
        'integration message failed on its last delivery; terminated, replay it after a fix',
      );
      await abandon(message, envelope.id, `failed on its last delivery: ${String(error)}`);
      return;
    }
    if (error instanceof MessageNotReadyYet && deliveries < quietDeliveries) {
      logger.info(fields, 'integration message not ready yet; redelivering later');
    } else {
      logger.error(fields, 'integration message failed; redelivering later');
    }
    message.nak(backoffDelay(deliveries - 1, redeliveryBackoff));
  }

  async function process(message: JsMsg): Promise<void> {
    const envelope = parseEnvelope(message);
    if (!envelope.success) {
      logger.warn(
        { consumer: durableName, subject: message.subject, seq: message.seq, reason: envelope.reason },
        'invalid integration message; terminated',
      );
      await abandon(message, null, `invalid: ${envelope.reason}`);
      return;
    }
    if (actedOn && !actedOn.has(envelope.data.type)) {
      message.ack();
      return;
    }
    // The producer's trace (its command's traceparent, carried by the relay) continues here.
    const parent = propagation.extract(ROOT_CONTEXT, message.headers, headerGetter);
    const span = tracer.startSpan(
      `process ${message.subject}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': 'nats',
          'messaging.destination.name': message.subject,
          'messaging.consumer.group.name': durableName,
          'messaging.message.id': envelope.data.id,
        },
      },
      parent,
    );
    try {
      await context.with(trace.setSpan(parent, span), async () => {
        const position = positionOf(message);
        // JetStream drops a last delivery that times out or whose process dies; this record outlives both.
        if (isLastDelivery(message)) {
          await recordAbandoned(
            pool,
            schema,
            durableName,
            position,
            envelope.data.id,
            'on its last delivery',
          );
        }
        await handleOnce(envelope.data, position);
        logger.debug(
          { consumer: durableName, messageId: envelope.data.id, type: envelope.data.type },
          'integration message handled',
        );
      });
      message.ack();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      await giveBack(message, envelope.data, error);
    } finally {
      span.end();
    }
  }

  return {
    process,
    async returnUnstarted(message) {
      // A last delivery given back is not delivered again: abandoned, so a replay applies it.
      if (!isLastDelivery(message)) return message.nak();
      const envelope = parseEnvelope(message);
      await abandon(
        message,
        envelope.success ? envelope.data.id : null,
        'given back unstarted on its last delivery',
      );
    },
  };
}

type Parsed = { success: true; data: IntegrationEnvelope } | { success: false; reason: string };

function parseEnvelope(message: JsMsg): Parsed {
  let json: unknown;
  try {
    json = message.json();
  } catch {
    return { success: false, reason: 'payload is not JSON' };
  }
  const parsed = integrationEnvelopeSchema.safeParse(json);
  return parsed.success ? parsed : { success: false, reason: z.prettifyError(parsed.error) };
}
