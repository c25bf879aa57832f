import { createService, signIdentityToken, type ServiceApp, type Telemetry } from '@app/service-kit';
import type { Authenticator } from './access.js';
import { serviceUrls, type GatewayConfig } from './config.js';
import { docsRoutes } from './docs/docs-routes.js';
import { createMergedDocs } from './docs/openapi-source.js';
import { proxyRoutes } from './proxy.js';
import { buildRouteTable } from './route-table.js';

export interface GatewayDeps {
  config: GatewayConfig;
  /** Who calls; `anonymousAuthenticator` until the identity service provides the session one. */
  authenticate: Authenticator;
  telemetry?: Telemetry;
}

/** The gateway app: service-kit defaults, the docs routes and the proxy. Never listens (server.ts does). */
export async function buildGateway(deps: GatewayDeps): Promise<ServiceApp> {
  const { config } = deps;
  const services = serviceUrls(config);
  const table = buildRouteTable(services);

  const app = await createService({
    name: 'gateway',
    logger: { level: config.LOG_LEVEL },
    identity: { secret: config.INTERNAL_TOKEN_SECRET },
    // Not the services: one service being down must not take the whole gateway out of rotation.
    readiness: [],
    bodyLimit: config.BODY_LIMIT_BYTES,
    ...(deps.telemetry === undefined ? {} : { telemetry: deps.telemetry }),
  });

  await app.register(docsRoutes, { docs: createMergedDocs({ services, table }) });
  await app.register(proxyRoutes, {
    table,
    services,
    authenticate: deps.authenticate,
    // Short-lived: it vouches for one forwarded request (ARCHITECTURE.md "Gateway").
    signIdentity: (caller) => signIdentityToken(caller, config.INTERNAL_TOKEN_SECRET, 60),
    upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
  });
  return app;
}
