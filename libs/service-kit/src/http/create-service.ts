import Fastify, { LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAccessPolicy } from '../identity/policy.js';
import type { AcceptedSecrets } from '../identity/identity-token.js';
import { createLoggerOptions, type ServiceLoggerOptions } from '../logging/logger.js';
import { genReqId, requestIdHeader } from '../logging/request-id.js';
import type { ServiceMetric } from '../telemetry/catalogue-counter.js';
import type { Telemetry } from '../telemetry/start-telemetry.js';
import { registerConditionalGet } from './conditional-get.js';
import { registerErrorHandlers } from './error-handler.js';
import type { ServiceApp } from './fastify-types.js';
import {
  clientErrorHandler,
  frameworkErrors,
  maxParamLength,
  registerClosingRefusal,
} from './framework-errors.js';
import { registerHealthRoutes, type HealthState, type ReadinessCheck } from './health.js';
import { registerLagMetrics, registerMetrics } from './metrics.js';
import { registerOpenApi, type OpenApiOptions } from './openapi.js';
import { registerQueryGuard } from './query-guard.js';
import type { LagProbe } from './readiness-lag.js';
import { registerTextGuard } from './text-guard.js';

export interface ServiceOptions {
  name: string;
  version?: string;
  /** pino options (our defaults fill the rest, redaction always on), or false for no logs. */
  logger: ServiceLoggerOptions | false;
  /** The HS256 secrets the gateway's `x-identity-token` may be signed with (AcceptedSecrets). */
  identity: { secret: AcceptedSecrets };
  readiness: ReadinessCheck[];
  /** Per readiness check; default 2 s, below a typical probe timeout. */
  readinessTimeoutMs?: number;
  /** Default 1 MiB: our JSON bodies are small, and a cap stops memory abuse. */
  bodyLimit?: number;
  openapi?: OpenApiOptions;
  /** From startTelemetry; Fastify spans are added only when it is enabled. */
  telemetry?: Telemetry;
  /**
   * Metrics of parts built before the app (a scraper, a renewal runner), served on its /metrics beside the
   * request metrics; made with catalogueCounter.
   */
  metrics?: readonly ServiceMetric[];
  /**
   * Default 'refuse': a query parameter the route's schema does not declare is a 400 (query-guard.ts). The
   * gateway passes queries through to the services, which decide, so it says 'forward'.
   */
  unknownQueryParameters?: 'refuse' | 'forward';
}

/**
 * Our service defaults (eShop's ServiceDefaults): a Fastify app with zod schemas, request ids, problem bodies for
 * every error, access policies, health, metrics and (optionally) tracing and OpenAPI. Routes are added by the
 * caller after this resolves; it never listens (runService does).
 */
export async function createService(options: ServiceOptions): Promise<ServiceApp> {
  const app = Fastify({
    logger: options.logger === false ? false : createLoggerOptions({ name: options.name, ...options.logger }),
    genReqId,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    routerOptions: { maxParamLength },
    // Fastify's and Node's own refusals answer problem documents too (framework-errors.ts).
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  // The APIs speak JSON only: any other body is a 415, not a string that fails validation later.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const state: HealthState = { shuttingDown: false };
  app.decorate('markNotReady', () => {
    state.shuttingDown = true;
  });
  app.decorate('setLagProbe', (probe: LagProbe) => {
    state.lag = probe;
    registerLagMetrics(app.metricsRegistry, probe);
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
  });
  registerClosingRefusal(app);
  registerErrorHandlers(app);
  registerAccessPolicy(app, options.identity.secret);
  if ((options.unknownQueryParameters ?? 'refuse') === 'refuse') registerQueryGuard(app);
  registerTextGuard(app);
  registerConditionalGet(app);

  // Both wrap route registration, so they go in before the first route.
  if (options.telemetry?.fastifyInstrumentation)
    await app.register(options.telemetry.fastifyInstrumentation.plugin());
  if (options.openapi !== undefined) await registerOpenApi(app, options.openapi, options.version ?? '0.0.0');

  app.decorate('metricsRegistry', registerMetrics(app));
  for (const metric of options.metrics ?? []) app.metricsRegistry.registerMetric(metric);
  registerHealthRoutes(app, options.readiness, state, options.readinessTimeoutMs ?? 2_000);
  return app;
}
