import { runService, type Telemetry } from '@app/service-kit';
import { anonymousAuthenticator } from './access.js';
import { buildGateway } from './app.js';
import type { GatewayConfig } from './config.js';

/** Builds and runs the gateway; server.ts loads this only after telemetry has started. */
export async function main(config: GatewayConfig, telemetry: Telemetry): Promise<void> {
  // Until the identity service provides the session authenticator, every caller is a visitor.
  const app = await buildGateway({ config, authenticate: anonymousAuthenticator, telemetry });
  await runService({
    app,
    port: config.PORT,
    host: config.HOST,
    onClose: [() => telemetry.shutdown()],
  });
}
