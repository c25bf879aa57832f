import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTelemetry } from '@app/service-kit/telemetry';

// One tracer provider per process, registered before the apps, pg and http are loaded (as bootService does):
// every app below is built in this process and reports to this exporter.
const exporter = new InMemorySpanExporter();
const telemetry = startTelemetry({ serviceName: 'single-trace-test', spanExporter: exporter });

const { catalogStream } = await import('@app/contracts');
const { connectNats, startIntegrationConsumer } = await import('@app/eventing');
const { createLogger } = await import('@app/service-kit');
const { testIdentitySecret } = await import('@app/service-kit/testing');
const { startServiceHarness } = await import('@app/test-support/service-harness');
const { uniquePrefix } = await import('@app/test-support');
const { buildApp: buildCatalog } = await import('../../services/catalog/src/app.js');
const { service: catalogService } = await import('../../services/catalog/src/service.js');
const { startRelayOf } = await import('@app/service-kit/runtime');
const { tenancyConsumerNames } =
  await import('../../services/tenancy/src/integration/consumers/start-tenancy-consumers.js');
const { applyCatalogProductMessage } =
  await import('../../services/tenancy/src/projections/products-copy.js');
const { startTenancy } = await import('../../services/tenancy/test/support/tenancy-harness.js');
const { buildGateway } = await import('../../gateway/src/app.js');
const { loadConfig } = await import('../../gateway/src/config.js');
const { deleteStreams } = await import('./support/platform.js');

const publicOrigin = 'http://app.test';
const admin = { userId: randomUUID(), role: 'admin' as const, email: 'trace-admin@example.test' };
const prefix = uniquePrefix('trace');

/** Every line the relay and the consumer log, as pino writes it to its destination stream. */
const logLines: Array<Record<string, unknown>> = [];
const logger = createLogger({
  name: 'single-trace',
  level: 'debug',
  stream: { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
});

type Started = Awaited<ReturnType<typeof start>>;
let platform: Started;

async function start() {
  const nats = await connectNats({ url: inject('natsUrl'), name: 'single-trace-test' });
  const catalog = await startServiceHarness(catalogService, (context) =>
    buildCatalog({ ...context, telemetry }),
  );
  await catalog.app.listen({ port: 0, host: '127.0.0.1' });
  const relay = await startRelayOf(catalogService, {
    eventStore: catalog.eventStore,
    pool: catalog.pool,
    nats,
    prefix,
    logger: logger.child({ component: 'relay' }),
  });
  const tenancy = await startTenancy();
  const productCopy = await startIntegrationConsumer({
    nats,
    pool: tenancy.pool,
    schema: 'tenancy',
    stream: `${prefix}_${catalogStream.name}`,
    filterSubject: `${prefix}.catalog.product.>`,
    durableName: tenancyConsumerNames.products,
    handle: applyCatalogProductMessage,
    logger: logger.child({ component: 'consumers' }),
  });
  const gateway = await buildGateway({
    config: loadConfig({
      INTERNAL_TOKEN_SECRET: testIdentitySecret,
      LOG_LEVEL: 'silent',
      CATALOG_URL: `http://127.0.0.1:${(catalog.app.server.address() as AddressInfo).port}`,
      PUBLIC_ORIGIN: publicOrigin,
    }),
    authenticate: async () => admin,
    telemetry,
  });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const gatewayPort = (gateway.server.address() as AddressInfo).port;
  return {
    catalog,
    tenancy,
    gatewayPort,
    async close() {
      await gateway.close();
      await productCopy.stop();
      await relay.stop();
      await nats.drain();
      await deleteStreams(inject('natsUrl'), prefix);
      await tenancy.close();
      await catalog.close();
    },
  };
}

beforeAll(async () => {
  platform = await start();
});
afterAll(async () => {
  await platform?.close();
  await telemetry.shutdown();
});

/** The spans above `span`, nearest first, as far as this trace's finished spans reach. */
function ancestors(span: ReadableSpan, byId: Map<string, ReadableSpan>): ReadableSpan[] {
  const chain: ReadableSpan[] = [];
  for (let parent = span.parentSpanContext; parent;) {
    const next = byId.get(parent.spanId);
    if (next === undefined) break;
    chain.push(next);
    parent = next.parentSpanContext;
  }
  return chain;
}

const queryText = (span: ReadableSpan) => String(span.attributes['db.query.text'] ?? '');

describe('one admin product change', () => {
  it('is one trace from the gateway through the catalogue, its event store and relay, to tenancy’s product copy', async () => {
    const slug = `traced-${randomUUID().slice(0, 8)}`;
    const response = await fetch(`http://127.0.0.1:${platform.gatewayPort}/api/admin/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: publicOrigin },
      body: JSON.stringify({
        name: 'Traced Ledger',
        slug,
        description: 'Created to follow one trace',
        basePrice: 49,
        category: 'Accounting',
        color: '#22C55E',
        icon: 'Link',
        features: ['Trace'],
      }),
    });
    expect(response.status).toBe(201);
    const productId = ((await response.json()) as { id: string }).id;

    // Tenancy's copy shows the consumer has handled the relayed event; its span ends right after.
    await expect
      .poll(
        async () =>
          (await platform.tenancy.pool.query('SELECT 1 FROM products WHERE product_id = $1', [productId]))
            .rowCount,
        { timeout: 15_000 },
      )
      .toBe(1);
    const consumerName = `process ${prefix}.catalog.product.created.v1`;
    await expect
      .poll(() => exporter.getFinishedSpans().some((span) => span.name === consumerName), { timeout: 5_000 })
      .toBe(true);
    await telemetry.flush();

    const spans = exporter.getFinishedSpans();
    const consumer = spans.find((span) => span.name === consumerName)!;
    const traceId = consumer.spanContext().traceId;
    const trace = spans.filter((span) => span.spanContext().traceId === traceId);
    const byId = new Map(trace.map((span) => [span.spanContext().spanId, span]));

    const servers = trace.filter((span) => span.kind === SpanKind.SERVER);
    // The gateway's route is its proxy's pattern, the catalogue's its own route.
    expect(servers.map((span) => span.name).sort()).toEqual(['POST /api/*', 'POST /api/admin/products']);
    const gatewayServer = servers.find((span) => span.name === 'POST /api/*')!;
    const catalogServer = servers.find((span) => span.name === 'POST /api/admin/products')!;
    // The browser sent no trace context: the gateway started this trace, and nothing else did.
    expect(trace.filter((span) => span.parentSpanContext === undefined)).toEqual([gatewayServer]);
    expect(ancestors(catalogServer, byId)).toContain(gatewayServer);

    const append = trace.find((span) => /eventstore\.append_events/.test(queryText(span)));
    expect(append, 'the event store append’s pg span').toBeDefined();
    expect(ancestors(append!, byId)).toContain(catalogServer);

    const publish = trace.find(
      (span) =>
        span.kind === SpanKind.PRODUCER && span.name === `publish ${prefix}.catalog.product.created.v1`,
    );
    expect(publish, 'the relay’s publish span').toBeDefined();
    expect(publish!.attributes['messaging.message.id']).toEqual(expect.any(String));
    expect(ancestors(publish!, byId)).toContain(catalogServer);

    expect(consumer.kind).toBe(SpanKind.CONSUMER);
    expect(consumer.parentSpanContext?.spanId).toBe(publish!.spanContext().spanId);
    expect(consumer.attributes['messaging.consumer.group.name']).toBe(tenancyConsumerNames.products);
    const copyWrite = trace.find(
      (span) => /^INSERT INTO products /.test(queryText(span)) && ancestors(span, byId).includes(consumer),
    );
    expect(copyWrite, 'the product copy’s pg span under the consumer').toBeDefined();

    const published = logLines.find((line) => line.msg === 'relay published event');
    const handled = logLines.find(
      (line) => line.msg === 'integration message handled' && line.consumer === tenancyConsumerNames.products,
    );
    expect(published).toMatchObject({ trace_id: traceId, span_id: publish!.spanContext().spanId });
    expect(handled).toMatchObject({ trace_id: traceId, span_id: consumer.spanContext().spanId });
  });
});
