import { createService, type ServiceOptions } from '../http/create-service.js';
import type { ServiceApp } from '../http/fastify-types.js';
import { idempotencyPlugin } from '../idempotency/idempotency-plugin.js';
import type { ServiceAppContext } from './service-descriptor.js';

export interface ServiceAppOptions extends Pick<ServiceOptions, 'name' | 'openapi' | 'metrics' | 'version'> {
  /** Further pino redact paths (billing's card fields). */
  redact?: string[];
}

/**
 * A declared service's Fastify app with service-kit's defaults (createService) set from its context: logs at
 * the configured level, identity tokens checked against the accepted secrets, its readiness checks, tracing, and
 * Idempotency-Key support for its command routes (keys kept in its own schema). The service adds its name, its
 * OpenAPI description and any metrics of its own, then registers its routes.
 */
export async function createServiceApp(
  context: ServiceAppContext,
  options: ServiceAppOptions,
): Promise<ServiceApp> {
  const { redact, ...service } = options;
  const app = await createService({
    ...service,
    logger: {
      level: context.logLevel,
      ...(context.logStream ? { stream: context.logStream } : {}),
      ...(redact ? { redact } : {}),
    },
    identity: { secret: context.identitySecret },
    readiness: context.readiness,
    ...(context.telemetry ? { telemetry: context.telemetry } : {}),
  });
  await app.register(idempotencyPlugin, { pool: context.db, schema: context.schema });
  return app;
}
