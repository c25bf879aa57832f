import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, injectTraceContext, withExtractedContext, type Telemetry } from '../src/index.js';
import { startTelemetry } from '../src/telemetry/index.js';
import { logCapture, testService } from './support.js';

describe('telemetry without an endpoint', () => {
  it('starts nothing and shuts down at once', async () => {
    const telemetry = startTelemetry({ serviceName: 'quiet' });

    expect(telemetry.enabled).toBe(false);
    expect(telemetry.fastifyInstrumentation).toBeNull();
    const started = performance.now();
    await telemetry.shutdown();
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('trace context', () => {
  const exporter = new InMemorySpanExporter();
  let telemetry: Telemetry;

  beforeAll(() => {
    telemetry = startTelemetry({ serviceName: 'test', spanExporter: exporter });
  });
  afterAll(() => telemetry.shutdown());

  it('carries the trace id from an injected carrier into a consumer span', async () => {
    const tracer = trace.getTracer('test');
    const { carrier, producer } = tracer.startActiveSpan('publish', (span) => {
      const injected = injectTraceContext({});
      span.end();
      return { carrier: injected, producer: span.spanContext() };
    });

    const consumer = await withExtractedContext(carrier, 'consume', (span) => span.spanContext());
    await telemetry.flush();

    expect(carrier.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(consumer.traceId).toBe(producer.traceId);
    const finished = exporter
      .getFinishedSpans()
      .find((span) => span.spanContext().spanId === consumer.spanId);
    expect(finished?.parentSpanContext?.spanId).toBe(producer.spanId);
    expect(finished?.kind).toBe(4 /* SpanKind.CONSUMER */);
  });

  it('starts a new trace when nothing was carried, and injects nothing outside a span', async () => {
    const consumer = await withExtractedContext(undefined, 'consume', (span) => span.spanContext());

    expect(consumer.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(injectTraceContext({})).toEqual({});
  });

  it('records a failure on the consumer span and rethrows it', async () => {
    await expect(
      withExtractedContext({}, 'failing', () => {
        throw new Error('handler broke');
      }),
    ).rejects.toThrow('handler broke');
    await telemetry.flush();

    const failed = exporter.getFinishedSpans().find((span) => span.name === 'failing');
    expect(failed?.status).toMatchObject({ code: 2, message: 'handler broke' });
  });

  it('stamps trace and span ids on log lines written inside a span', () => {
    const logs = logCapture();
    const logger = createLogger({ stream: logs.stream });

    const context = trace.getTracer('test').startActiveSpan('work', (span) => {
      logger.info('inside');
      span.end();
      return span.spanContext();
    });
    logger.info('outside');

    expect(logs.lines[0]).toMatchObject({
      trace_id: context.traceId,
      span_id: context.spanId,
      trace_flags: '01',
    });
    expect(logs.lines[1]).not.toHaveProperty('trace_id');
  });

  it('traces Fastify requests as children of the incoming traceparent', async () => {
    const logs = logCapture();
    const app = await testService({ telemetry, logger: { stream: logs.stream } });
    app.get('/things/:id', { config: { policy: 'public' } }, async (request) => {
      request.log.info('handling');
      return { ok: true };
    });
    const traceId = 'a'.repeat(32);

    const response = await app.inject({
      method: 'GET',
      url: '/things/7',
      headers: { traceparent: `00-${traceId}-${'b'.repeat(16)}-01` },
    });

    expect(response.statusCode).toBe(200);
    await telemetry.flush();
    const spans = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
    const requestSpan = spans.find((span) => span.name === 'request');
    expect(requestSpan?.attributes).toMatchObject({
      'http.route': '/things/:id',
      'http.response.status_code': 200,
    });
    expect(requestSpan?.parentSpanContext?.spanId).toBe('b'.repeat(16));
    expect(logs.lines.find((line) => line.msg === 'handling')).toMatchObject({ trace_id: traceId });
    await app.close();
  });
});
