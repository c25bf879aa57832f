import {
  catalogueCounter,
  createService,
  metricCatalogue,
  signIdentityToken,
  type ServiceApp,
  type Telemetry,
} from '@app/service-kit';
import type { Authenticator, Caller, SessionEvents } from './access.js';
import type { CatalogueCache } from './catalogue-cache/catalogue-cache.js';
import { serviceUrls, type GatewayConfig } from './config.js';
import { docsRoutes } from './docs/docs-routes.js';
import { createMergedDocs } from './docs/openapi-source.js';
import { proxyRoutes } from './proxy.js';
import { buildRouteTable } from './route-table.js';
import { registerSecurityHeaders } from './security-headers.js';
import { recordCustomerCall } from './usage/metering-policy.js';
import type { UsageMeter } from './usage/usage-meter.js';
import { webRoutes } from './web/web-routes.js';

export interface GatewayDeps {
  config: GatewayConfig;
  /** Who calls; `anonymousAuthenticator` without identity, the session authenticator with it. */
  authenticate: Authenticator;
  /** The session authenticator's cache controls, so a sign-out through the gateway ends its cached session. */
  sessions?: SessionEvents;
  /** Counts customers' answered calls (src/usage); absent when metering is off. */
  usageMeter?: UsageMeter;
  /** Answers visitors' and customers' catalogue reads (src/catalogue-cache); absent: they all go to catalog. */
  catalogueCache?: CatalogueCache;
  telemetry?: Telemetry;
}

/** The gateway app: service-kit defaults, security headers, the docs routes and the proxy. Never listens. */
export async function buildGateway(deps: GatewayDeps): Promise<ServiceApp> {
  const { config, usageMeter, catalogueCache } = deps;
  const services = serviceUrls(config);
  const table = buildRouteTable(services);
  const cacheReads =
    catalogueCache &&
    catalogueCounter(
      metricCatalogue.catalogueCacheReads,
      'Public catalogue reads at the gateway, by how its cache took them',
    );

  const app = await createService({
    name: 'gateway',
    logger: { level: config.LOG_LEVEL },
    identity: { secret: config.INTERNAL_TOKEN_SECRET },
    // Not the services: one service being down must not take the whole gateway out of rotation.
    readiness: [],
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Each service decides which query parameters it takes; the gateway forwards the query as it came.
    unknownQueryParameters: 'forward',
    ...(deps.telemetry === undefined ? {} : { telemetry: deps.telemetry }),
    ...(cacheReads === undefined ? {} : { metrics: [cacheReads] }),
  });
  registerSecurityHeaders(app, { trustProxy: config.TRUST_PROXY });

  await app.register(docsRoutes, { docs: createMergedDocs({ services, table }) });
  await app.register(proxyRoutes, {
    table,
    services,
    authenticate: deps.authenticate,
    ...(deps.sessions === undefined ? {} : { sessions: deps.sessions }),
    // One token per forwarded request, bound to it and short-lived (ARCHITECTURE.md "Gateway").
    signIdentity: (caller, request) => signIdentityToken(caller, config.INTERNAL_TOKEN_SECRET, request, 60),
    upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
    origin: { publicOrigin: config.PUBLIC_ORIGIN, trustProxy: config.TRUST_PROXY },
    ...(usageMeter === undefined
      ? {}
      : { onAnswered: (caller: Caller) => recordCustomerCall(usageMeter, caller) }),
    ...(catalogueCache === undefined || cacheReads === undefined
      ? {}
      : { catalogueCache, onCatalogueRead: (outcome: string) => cacheReads.inc({ outcome }) }),
  });
  if (config.WEB_ROOT !== undefined) {
    await app.register(webRoutes, { root: config.WEB_ROOT, remotes: config.WEB_REMOTES });
  }
  return app;
}
