import { derivedKey, runService, sessionResolvePurpose, type Telemetry } from '@app/service-kit';
import { anonymousAuthenticator } from './access.js';
import { buildGateway } from './app.js';
import type { GatewayConfig } from './config.js';
import { createSessionAuthenticator } from './session-authenticator.js';
import { connectGatewayNats, subscribeToUserChanges } from './user-events.js';

/** Builds and runs the gateway; server.ts loads this only after telemetry has started. */
export async function main(config: GatewayConfig, telemetry: Telemetry): Promise<void> {
  const sessions = config.IDENTITY_URL
    ? createSessionAuthenticator({
        identityUrl: config.IDENTITY_URL,
        internalKey: derivedKey(config.INTERNAL_TOKEN_SECRET, sessionResolvePurpose),
        cacheTtlMs: config.SESSION_CACHE_TTL_MS,
        timeoutMs: 2_000,
      })
    : undefined;
  const app = await buildGateway({
    config,
    authenticate: sessions ?? anonymousAuthenticator,
    ...(sessions ? { sessions } : {}),
    telemetry,
  });

  const onClose: Array<() => Promise<void>> = [];
  if (sessions && config.NATS_URL) {
    const nats = await connectGatewayNats(config.NATS_URL);
    const subscription = subscribeToUserChanges({
      nats,
      prefix: config.NATS_PREFIX,
      onUserChanged: (userId) => sessions.userChanged(userId),
      logger: app.log,
    });
    await subscription.ready();
    onClose.push(
      () => subscription.stop(),
      () => nats.drain(),
    );
  }
  await runService({
    app,
    port: config.PORT,
    host: config.HOST,
    onClose: [...onClose, () => telemetry.shutdown()],
  });
}
