import { FastifyOtelInstrumentation } from '@fastify/otel';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK, type NodeSDKConfiguration } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { withTimeout } from '../util/with-timeout.js';

type Instrumentations = NonNullable<NodeSDKConfiguration['instrumentations']>;

export interface TelemetryOptions {
  serviceName: string;
  serviceVersion?: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; traces go to `<endpoint>/v1/traces`. */
  otlpEndpoint?: string;
  /** Added to the always-on http and pg instrumentations (for example a messaging one). */
  instrumentations?: Instrumentations;
  /** Replaces the OTLP exporter and turns tracing on without an endpoint; tests pass an InMemorySpanExporter. */
  spanExporter?: SpanExporter;
}

export interface Telemetry {
  readonly enabled: boolean;
  /** Give this to createService: it registers its Fastify plugin so every route gets spans. */
  readonly fastifyInstrumentation: FastifyOtelInstrumentation | null;
  /** Exports the spans ended so far (scripts before exit, tests before reading an in-memory exporter). */
  flush(): Promise<void>;
  /** Flushes pending spans; bounded, so a missing collector cannot hold up a shutdown. */
  shutdown(): Promise<void>;
}

/** Exporter and flush timeouts: without a collector, the SDK's defaults make shutdown hang 5–9 s (TOOLCHAIN.md). */
const exportTimeoutMs = 1_000;
const shutdownTimeoutMs = 3_000;

const disabled: Telemetry = {
  enabled: false,
  fastifyInstrumentation: null,
  flush: async () => {},
  shutdown: async () => {},
};

/**
 * Starts tracing for the process. Call it first in server.ts, before the app's modules load, so the http and pg
 * instrumentations can patch those modules. Without an endpoint (or exporter) nothing starts: no SDK, no output.
 * Metrics stay with prom-client and logs with pino, so the SDK's metric and log exporters are off.
 */
export function startTelemetry(options: TelemetryOptions): Telemetry {
  const exporter = options.spanExporter ?? otlpExporter(options.otlpEndpoint);
  if (exporter === undefined) return disabled;

  const fastifyInstrumentation = new FastifyOtelInstrumentation({
    // Probes and scrapes every few seconds would drown the real traces.
    ignorePaths: ({ url }) => url.startsWith('/health/') || url === '/metrics',
  });
  const spanProcessor =
    options.spanExporter === undefined
      ? new BatchSpanProcessor(exporter, { exportTimeoutMillis: exportTimeoutMs })
      : new SimpleSpanProcessor(exporter);

  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.serviceName,
      ...(options.serviceVersion === undefined ? {} : { [ATTR_SERVICE_VERSION]: options.serviceVersion }),
    }),
    spanProcessors: [spanProcessor],
    metricReaders: [],
    logRecordProcessors: [],
    textMapPropagator: new W3CTraceContextPropagator(),
    instrumentations: [
      new HttpInstrumentation(),
      new PgInstrumentation({ requireParentSpan: true }),
      fastifyInstrumentation,
      ...(options.instrumentations ?? []),
    ],
  });
  sdk.start();

  return {
    enabled: true,
    fastifyInstrumentation,
    flush: () => spanProcessor.forceFlush(),
    shutdown: async () => {
      await withTimeout(sdk.shutdown(), shutdownTimeoutMs, 'telemetry shutdown timed out').catch(
        () => undefined,
      );
    },
  };
}

function otlpExporter(endpoint: string | undefined): SpanExporter | undefined {
  if (endpoint === undefined || endpoint === '') return undefined;
  return new OTLPTraceExporter({
    url: `${endpoint.replace(/\/+$/, '')}/v1/traces`,
    timeoutMillis: exportTimeoutMs,
  });
}
