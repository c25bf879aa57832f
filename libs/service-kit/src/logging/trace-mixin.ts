import { isSpanContextValid, trace } from '@opentelemetry/api';

/**
 * pino mixin: stamps the active span's ids on every line so logs and traces join up in the tracing backend.
 * Field names follow the OpenTelemetry log data model (trace_id, span_id, trace_flags).
 */
export function traceMixin(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (span === undefined) return {};
  const context = span.spanContext();
  if (!isSpanContextValid(context)) return {};
  return {
    trace_id: context.traceId,
    span_id: context.spanId,
    trace_flags: `0${context.traceFlags.toString(16)}`.slice(-2),
  };
}
