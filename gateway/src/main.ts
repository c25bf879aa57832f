import { derivedKey, runService, sessionResolvePurpose, type Telemetry } from '@app/service-kit';
import { anonymousAuthenticator } from './access.js';
import { buildGateway } from './app.js';
import { createCatalogueCache } from './catalogue-cache/catalogue-cache.js';
import { watchCatalogueEvents } from './catalogue-cache/catalogue-events.js';
import { catalogueCacheSettings, type GatewayConfig } from './config.js';
import { createSessionAuthenticator } from './session-authenticator.js';
import { usageMeteringOffReason } from './usage/metering-policy.js';
import { createUsageMeter } from './usage/usage-meter.js';
import { startUsagePublishing } from './usage/usage-publishing.js';
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
  const usageOff = usageMeteringOffReason(config);
  const usageMeter = usageOff === null ? createUsageMeter() : undefined;
  const cacheSettings = catalogueCacheSettings(config);
  const catalogueCache = cacheSettings === null ? undefined : createCatalogueCache(cacheSettings);
  const app = await buildGateway({
    config,
    authenticate: sessions ?? anonymousAuthenticator,
    ...(sessions ? { sessions } : {}),
    ...(usageMeter ? { usageMeter } : {}),
    ...(catalogueCache ? { catalogueCache } : {}),
    telemetry,
  });
  // Customers' calls go unbilled: worth a line in every log that is looked at.
  if (usageOff !== null) app.log.warn(`Usage metering is off: ${usageOff}`);

  const onClose: Array<() => Promise<void>> = [];
  if (config.NATS_URL && (sessions || usageMeter || catalogueCache)) {
    const nats = await connectGatewayNats(config.NATS_URL);
    if (sessions) {
      const subscription = subscribeToUserChanges({
        nats,
        prefix: config.NATS_PREFIX,
        onUserChanged: (userId) => sessions.userChanged(userId),
        logger: app.log,
      });
      await subscription.ready();
      onClose.push(() => subscription.stop());
    }
    if (catalogueCache) {
      const watch = watchCatalogueEvents({
        nats,
        prefix: config.NATS_PREFIX,
        cache: catalogueCache,
        logger: app.log,
      });
      await watch.ready();
      onClose.push(() => watch.stop());
    }
    if (usageMeter) {
      const usage = await startUsagePublishing({
        meter: usageMeter,
        nats,
        prefix: config.NATS_PREFIX,
        replicas: config.NATS_STREAM_REPLICAS,
        intervalMs: config.USAGE_FLUSH_INTERVAL_MS,
        logger: app.log,
      });
      // After the HTTP server has drained (runService), so the last answered calls are in the final batch.
      onClose.push(() => usage.stop());
    }
    onClose.push(() => nats.drain());
  }
  await runService({
    app,
    port: config.PORT,
    host: config.HOST,
    onClose: [...onClose, () => telemetry.shutdown()],
  });
}
