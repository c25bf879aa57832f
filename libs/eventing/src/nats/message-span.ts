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
import type { IntegrationEnvelope } from '@app/contracts';

const tracer = trace.getTracer('@app/eventing');

const headerGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (headers) => headers?.keys() ?? [],
  // MsgHdrs.get answers '' for a missing header; the propagator wants undefined.
  get: (headers, key) => headers?.get(key, Match.IgnoreCase) || undefined,
};

/**
 * Runs `work` in a consumer span of its own, under the producer's trace (its command's traceparent, carried by
 * the relay), so that the handler's queries show in it. A failure is recorded on the span and thrown on.
 */
export async function inMessageSpan<T>(
  message: JsMsg,
  envelope: IntegrationEnvelope,
  durableName: string,
  work: () => Promise<T>,
): Promise<T> {
  const parent = propagation.extract(ROOT_CONTEXT, message.headers, headerGetter);
  const span = tracer.startSpan(
    `process ${message.subject}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.destination.name': message.subject,
        'messaging.consumer.group.name': durableName,
        'messaging.message.id': envelope.id,
      },
    },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}
