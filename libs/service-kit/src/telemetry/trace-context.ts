import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';

/** W3C trace context as plain strings (`traceparent`, `tracestate`): fits NATS headers and event metadata. */
export type TraceCarrier = Record<string, string>;

const tracerName = '@app/service-kit';

/**
 * Writes the active trace context into `carrier` (a new object when omitted) with whatever propagator is
 * registered (startTelemetry installs W3C trace context) and returns it. Writes nothing when no span is active.
 */
export function injectTraceContext(carrier: TraceCarrier = {}): TraceCarrier {
  propagation.inject(context.active(), carrier);
  return carrier;
}

/**
 * Runs `fn` inside a consumer span whose parent is the context carried in `carrier` (a NATS message's headers or
 * an event's metadata), so the consumer's work joins the producer's trace. Without a carried context the span
 * starts a new trace. The span records a thrown error and always ends.
 */
export async function withExtractedContext<T>(
  carrier: Readonly<Record<string, string | undefined>> | undefined,
  name: string,
  fn: (span: Span) => Promise<T> | T,
  attributes: Attributes = {},
): Promise<T> {
  const parent = propagation.extract(ROOT_CONTEXT, carrier ?? {});
  const tracer = trace.getTracer(tracerName);
  return tracer.startActiveSpan(name, { kind: SpanKind.CONSUMER, attributes }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.message : String(error),
      });
      throw error;
    } finally {
      span.end();
    }
  });
}
