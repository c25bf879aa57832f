import { injectTraceContext } from '@app/service-kit';

/**
 * The active trace context (W3C `traceparent`, `tracestate`) as a queued send or delivery keeps it in its
 * `trace_context` column, so the span that later sends it continues the trace that queued it; null outside any
 * trace (telemetry off, or nothing active).
 */
export function storedTraceContext(): string | null {
  const carrier = injectTraceContext();
  return Object.keys(carrier).length > 0 ? JSON.stringify(carrier) : null;
}
