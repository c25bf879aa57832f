/**
 * The catalogue's process entry. Telemetry starts before anything that loads pg or http, so their
 * instrumentation hooks are in place; the rest of the service is loaded afterwards.
 */
import { startTelemetry } from '@app/service-kit/telemetry';
import { loadConfig } from './config.js';

async function start(): Promise<void> {
  const config = loadConfig(process.env);
  const telemetry = startTelemetry({
    serviceName: config.OTEL_SERVICE_NAME,
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  const { main } = await import('./main.js');
  await main(config, telemetry);
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
