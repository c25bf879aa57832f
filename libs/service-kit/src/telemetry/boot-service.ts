import { startTelemetry, type Telemetry } from './start-telemetry.js';

interface TelemetryConfig {
  OTEL_SERVICE_NAME: string;
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
}

/**
 * A process entry (server.ts) in one line: parse the environment (config.ts reads it), start telemetry, and only then load the rest
 * of the service, so pg and http are loaded after their instrumentation hooks are in place. A failure to start
 * prints its message and exits 1.
 */
export function bootService<Config extends TelemetryConfig>(
  loadConfig: () => Config,
  loadMain: () => Promise<{ main: (config: Config, telemetry: Telemetry) => Promise<void> }>,
): void {
  const start = async () => {
    const config = loadConfig();
    const telemetry = startTelemetry({
      serviceName: config.OTEL_SERVICE_NAME,
      otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    });
    const { main } = await loadMain();
    await main(config, telemetry);
  };
  start().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
