import { startTelemetry } from '@app/service-kit/telemetry';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, expect, it } from 'vitest';
import { echoBehindGateway, type EchoedRequest } from './support.js';

// Tracing on, as in production with an OTLP endpoint: the service must see the gateway's span as its parent.
const exporter = new InMemorySpanExporter();
const telemetry = startTelemetry({ serviceName: 'gateway-test', spanExporter: exporter });
// Registered first, so it runs after the gateway over the upstream has closed.
afterAll(() => telemetry.shutdown());
const stack = echoBehindGateway({ telemetry });

it("continues the caller's trace and makes the gateway's span the service's parent", async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const callerSpan = '00f067aa0ba902b7';
  const response = await stack.gateway.inject({
    method: 'GET',
    url: '/api/products',
    headers: { traceparent: `00-${traceId}-${callerSpan}-01`, tracestate: 'vendor=opaque' },
  });
  expect(response.statusCode).toBe(200);
  const forwarded = response.json<EchoedRequest>().headers;
  const [, forwardedTrace, forwardedParent] = String(forwarded.traceparent).split('-');
  expect(forwardedTrace).toBe(traceId);
  expect(forwardedParent).not.toBe(callerSpan);
  expect(forwarded.tracestate).toBe('vendor=opaque');
  // The gateway's spans end as the response completes, which may be just after inject() resolves.
  await expect
    .poll(() => exporter.getFinishedSpans().map((span) => span.spanContext().spanId), { timeout: 2_000 })
    .toContain(forwardedParent);
});
