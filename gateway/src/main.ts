import { derivedKey, runService, sessionResolvePurpose, type Telemetry } from '@app/service-kit';
import { anonymousAuthenticator } from './access.js';
import { buildGateway } from './app.js';
import { createSessionAuthenticator } from './session-authenticator.js';
import type { GatewayConfig } from './config.js';

/** Builds and runs the gateway; server.ts loads this only after telemetry has started. */
export async function main(config: GatewayConfig, telemetry: Telemetry): Promise<void> {
  const authenticate = config.IDENTITY_URL
    ? createSessionAuthenticator({
        identityUrl: config.IDENTITY_URL,
        internalKey: derivedKey(config.INTERNAL_TOKEN_SECRET, sessionResolvePurpose),
        cacheTtlMs: config.SESSION_CACHE_TTL_MS,
        timeoutMs: 2_000,
      })
    : anonymousAuthenticator;
  const app = await buildGateway({ config, authenticate, telemetry });
  await runService({
    app,
    port: config.PORT,
    host: config.HOST,
    onClose: [() => telemetry.shutdown()],
  });
}
