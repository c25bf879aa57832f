import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, subscriptionStatusSchema } from '@app/contracts';
import { metricsEndpointsPurpose, requireInternalKey, type AcceptedSecrets } from '@app/service-kit';
import type { MetricsEndpoints } from '../application/metrics-endpoints.js';

export interface InternalMetricsEndpointRoutesOptions {
  endpoints: MetricsEndpoints;
  /** INTERNAL_TOKEN_SECRET: monitoring sends the key derived from it for metricsEndpointsPurpose. */
  internalSecret: AcceptedSecrets;
}

/** Strict: a misspelt filter is refused rather than ignored, which would hand out every tenant's keys. */
export const metricsEndpointsQuerySchema = z.strictObject({
  tenantId: idSchema.optional(),
  subscriptionId: idSchema.optional(),
});

export const metricsEndpointSchema = z.object({
  subscriptionId: idSchema,
  tenantId: idSchema,
  productId: idSchema,
  status: subscriptionStatusSchema,
  domainUrl: z.string(),
  /** In plain text: this call is how monitoring gets it. Null when none is configured or it cannot be opened. */
  metricsApiKey: z.string().nullable(),
});

export const metricsEndpointsReplySchema = z.object({ endpoints: z.array(metricsEndpointSchema) });

/**
 * GET /internal/metrics-endpoints, for the monitoring service only: every subscription with a domain URL, with
 * its decrypted metrics API key. Not under /api, so the gateway never routes a browser here; hidden from
 * OpenAPI; guarded by requireInternalKey in this plugin's scope (the route is 'public' to the access policy,
 * as its caller is a service, not a user). Each answer is logged with its size, never its keys.
 */
export const internalMetricsEndpointRoutes: FastifyPluginAsyncZod<
  InternalMetricsEndpointRoutesOptions
> = async (app, options) => {
  app.addHook(
    'onRequest',
    requireInternalKey({ secret: options.internalSecret, purpose: metricsEndpointsPurpose }),
  );

  app.get(
    '/internal/metrics-endpoints',
    {
      config: { policy: 'public' },
      schema: {
        hide: true,
        querystring: metricsEndpointsQuerySchema,
        response: { 200: metricsEndpointsReplySchema },
      },
    },
    async (request, reply) => {
      const endpoints = await options.endpoints.list(request.query);
      request.log.info(
        {
          filter: request.query,
          endpoints: endpoints.length,
          withKey: endpoints.filter((endpoint) => endpoint.metricsApiKey !== null).length,
        },
        'Metrics endpoints served',
      );
      reply.header('cache-control', 'no-store');
      return { endpoints };
    },
  );
};
