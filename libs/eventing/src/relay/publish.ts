import { headers, type MsgHdrs } from '@nats-io/transport-node';
import type { JetStreamClient, PubAck } from '@nats-io/jetstream';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type TextMapSetter,
} from '@opentelemetry/api';
import { z } from 'zod';
import { integrationEnvelopeSchema, type IntegrationEnvelope } from '@app/contracts';
import { retryUntilAborted } from '@app/retry';
import type { RecordedEvent } from '../event-store.js';
import type { EventingLogger } from '../logger.js';

export interface OutgoingMessage {
  subject: string;
  payload: string;
  headers: MsgHdrs;
  msgId: string;
}

/** What a relay publishes of a stored event: its envelope, or null when the event is not published. */
export type EnvelopeMapping = (
  event: RecordedEvent,
) => IntegrationEnvelope | null | Promise<IntegrationEnvelope | null>;

/**
 * Checks the mapped envelope before anything leaves the service: a mapping bug must stop the relay loudly rather
 * than put junk on a public contract. The envelope id must be `messageId`, the event id unless the relay says
 * otherwise, since it is also the dedupe key.
 */
export function toOutgoingMessage(
  event: RecordedEvent,
  envelope: IntegrationEnvelope,
  subjectPrefix: string,
  messageId: string = event.id,
): OutgoingMessage {
  const parsed = integrationEnvelopeSchema.safeParse(envelope);
  if (!parsed.success) {
    throw new InvalidEnvelopeError(event, z.prettifyError(parsed.error));
  }
  if (parsed.data.id !== messageId) {
    throw new InvalidEnvelopeError(event, `envelope id ${parsed.data.id} is not the message id ${messageId}`);
  }
  const hdrs = headers();
  // The command's trace continues in every consumer (ARCHITECTURE.md "Observability"); publishTraced puts its
  // own span in here when tracing is on.
  if (event.metadata.traceparent) hdrs.set('traceparent', event.metadata.traceparent);
  if (event.metadata.tracestate) hdrs.set('tracestate', event.metadata.tracestate);
  return {
    subject: `${subjectPrefix}${parsed.data.type}`,
    payload: JSON.stringify(parsed.data),
    headers: hdrs,
    msgId: messageId,
  };
}

export class InvalidEnvelopeError extends Error {
  constructor(
    readonly event: RecordedEvent,
    readonly reason: string,
  ) {
    super(`integration envelope for event ${event.id} (${event.type}) is invalid: ${reason}`);
    this.name = 'InvalidEnvelopeError';
  }
}

export interface PublishContext {
  js: JetStreamClient;
  subjectPrefix: string;
  toIntegrationEvent: EnvelopeMapping;
  /** The Nats-Msg-Id (and envelope id) of an event's message; the event id when absent. */
  messageIdOf?: (event: RecordedEvent) => string;
  logger: EventingLogger;
  timeoutMs: number;
}

/** NATS that comes back is picked up within 30 s. */
const publishBackoff = { baseMs: 200, maxMs: 30_000 };

/**
 * Maps and publishes one event, awaiting JetStream's ack, retrying with capped backoff for as long as it takes:
 * the relay must never move past an event it could not publish. Returns false only when `signal` aborted first
 * (the event is then not published, or not known to be, and must not be checkpointed).
 */
export async function publishEvent(
  ctx: PublishContext,
  event: RecordedEvent,
  signal: AbortSignal,
): Promise<boolean> {
  const published = await retryUntilAborted(
    async () => {
      const envelope = await ctx.toIntegrationEvent(event);
      if (envelope === null) return true;
      const message = toOutgoingMessage(event, envelope, ctx.subjectPrefix, ctx.messageIdOf?.(event));
      await publishTraced(ctx, event, message);
      return true;
    },
    {
      backoff: publishBackoff,
      signal,
      onFailure: (error, attempt) => {
        const fields = {
          err: error,
          eventId: event.id,
          eventType: event.type,
          stream: event.streamName,
          attempt,
        };
        if (error instanceof InvalidEnvelopeError || attempt >= 3) {
          ctx.logger.error(fields, 'relay cannot publish event; retrying, not skipping');
        } else {
          ctx.logger.warn(fields, 'relay publish failed; retrying');
        }
      },
    },
  );
  return published !== undefined;
}

const tracer = trace.getTracer('@app/eventing');

const headerSetter: TextMapSetter<MsgHdrs> = { set: (carrier, key, value) => carrier.set(key, value) };

/**
 * Publishes inside a producer span that continues the command's trace from the event's metadata, and hands that
 * span to the consumers in the message headers: the relay runs long after the request, outside its context, so
 * the metadata is the only link from the command to the publish and on to every consumer.
 */
function publishTraced(ctx: PublishContext, event: RecordedEvent, message: OutgoingMessage): Promise<PubAck> {
  const carried = {
    ...(event.metadata.traceparent ? { traceparent: event.metadata.traceparent } : {}),
    ...(event.metadata.tracestate ? { tracestate: event.metadata.tracestate } : {}),
  };
  const parent = propagation.extract(ROOT_CONTEXT, carried);
  const attributes = {
    'messaging.system': 'nats',
    'messaging.operation.type': 'send',
    'messaging.destination.name': message.subject,
    'messaging.message.id': message.msgId,
  };
  return tracer.startActiveSpan(
    `publish ${message.subject}`,
    { kind: SpanKind.PRODUCER, attributes },
    parent,
    async (span) => {
      propagation.inject(context.active(), message.headers, headerSetter);
      try {
        const ack = await ctx.js.publish(message.subject, message.payload, {
          msgID: message.msgId,
          headers: message.headers,
          timeout: ctx.timeoutMs,
        });
        span.setAttribute('messaging.nats.duplicate', ack.duplicate);
        // Inside the span, so the line carries the command's trace id.
        ctx.logger.debug(
          { eventId: event.id, subject: message.subject, seq: ack.seq },
          ack.duplicate ? 'JetStream deduplicated a republished event' : 'relay published event',
        );
        return ack;
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
