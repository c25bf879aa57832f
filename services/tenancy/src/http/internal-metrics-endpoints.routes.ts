import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metricsEndpointsQuerySchema, metricsEndpointsReplySchema } from '@app/contracts';
import {
  guardInternalRoutes,
  internalRoute,
  metricsEndpointsPurpose,
  type AcceptedSecrets,
} from '@app/service-kit';
import type { MetricsEndpoints } from '../application/metrics-endpoints.js';

export interface InternalMetricsEndpointRoutesOptions {
  endpoints: MetricsEndpoints;
  /** INTERNAL_TOKEN_SECRET: monitoring sends the key derived from it for metricsEndpointsPurpose. */
  internalSecret: AcceptedSecrets;
}

/**
 * GET /internal/metrics-endpoints, for the monitoring service only (an internal route: guardInternalRoutes): every
 * subscription with a domain URL, with its decrypted metrics API key. Each answer is logged with its size, never
 * its keys.
 */
export const internalMetricsEndpointRoutes: FastifyPluginAsyncZod<
  InternalMetricsEndpointRoutesOptions
> = async (app, options) => {
  guardInternalRoutes(app, { secret: options.internalSecret, purpose: metricsEndpointsPurpose });

  app.get(
    '/internal/metrics-endpoints',
    internalRoute({
      querystring: metricsEndpointsQuerySchema,
      response: { 200: metricsEndpointsReplySchema },
    }),
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
