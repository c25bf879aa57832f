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
import { markMessageProcessed, wasMessageProcessed } from '../checkpoints.js';
import { inTransaction } from '../postgres/transaction.js';
import { backoffDelay } from '@app/retry';
import type { EventingLogger } from '../logger.js';

/**
 * How a consumer applies a message (either throws to have the message redelivered later):
 * - `handle` updates read models inside the transaction that records the message id: exactly once.
 * - `react` runs commands on this service's own aggregates, outside any transaction, and the id is recorded
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
};

/** 1 s doubling to a minute; JetStream holds the message back that long, so jitter would buy nothing. */
const redeliveryBackoff = { baseMs: 1_000, maxMs: 60_000, jitter: false };

const tracer = trace.getTracer('@app/eventing');

const headerGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (headers) => headers?.keys() ?? [],
  // MsgHdrs.get answers '' for a missing header; the propagator wants undefined.
  get: (headers, key) => headers?.get(key, Match.IgnoreCase) || undefined,
};

/**
 * Handles one delivery: validate (junk is terminated, never retried), then record the id and run the handler in
 * one transaction, then ack. A failure rolls both back and asks for redelivery later. Never throws.
 */
export function createMessageProcessor(options: MessageProcessorOptions): (message: JsMsg) => Promise<void> {
  const { pool, schema, durableName, logger } = options;

  async function reactOnce(
    envelope: IntegrationEnvelope,
    react: (envelope: IntegrationEnvelope) => Promise<void>,
  ): Promise<void> {
    if (await wasMessageProcessed(pool, schema, durableName, envelope.id)) {
      logger.debug(
        { consumer: durableName, messageId: envelope.id },
        'duplicate integration message skipped',
      );
      return;
    }
    await react(envelope);
    await markMessageProcessed(pool, schema, durableName, envelope.id);
  }

  async function handleOnce(envelope: IntegrationEnvelope): Promise<void> {
    if (options.react) return reactOnce(envelope, options.react);
    const { handle } = options;
    await inTransaction(pool, async (tx) => {
      if (await markMessageProcessed(tx, schema, durableName, envelope.id)) {
        await handle(envelope, tx);
      } else {
        logger.debug(
          { consumer: durableName, messageId: envelope.id },
          'duplicate integration message skipped',
        );
      }
    });
  }

  /** Redelivery with growing delay; the last allowed delivery is terminated loudly rather than dropped quietly. */
  function giveBack(message: JsMsg, envelope: IntegrationEnvelope, error: unknown): void {
    const deliveries = message.info.deliveryCount;
    const fields = {
      err: error,
      consumer: durableName,
      messageId: envelope.id,
      type: envelope.type,
      deliveries,
    };
    if (deliveries >= options.maxDeliver) {
      logger.error(
        fields,
        'integration message failed on its last delivery; terminated, replay it after a fix',
      );
      message.term();
      return;
    }
    logger.error(fields, 'integration message failed; redelivering later');
    message.nak(backoffDelay(deliveries - 1, redeliveryBackoff));
  }

  return async (message) => {
    const envelope = parseEnvelope(message);
    if (!envelope.success) {
      logger.warn(
        { consumer: durableName, subject: message.subject, seq: message.seq, reason: envelope.reason },
        'invalid integration message; terminated',
      );
      message.term();
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
        await handleOnce(envelope.data);
        logger.debug(
          { consumer: durableName, messageId: envelope.data.id, type: envelope.data.type },
          'integration message handled',
        );
      });
      message.ack();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      giveBack(message, envelope.data, error);
    } finally {
      span.end();
    }
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
