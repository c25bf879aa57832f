import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemHealthReplySchema } from '@app/contracts';
import type { PlatformHealth } from '../health/platform-health.js';

/** GET /api/admin/health (SPEC.md §7, the admin dashboard's System tab). */
export const adminHealthRoutes: FastifyPluginAsyncZod<{ health: PlatformHealth }> = async (app, options) => {
  app.get(
    '/api/admin/health',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['monitoring'],
        summary: 'Status and latency of every service, the gateway and the shared dependencies',
        response: { 200: systemHealthReplySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return options.health.check();
    },
  );
};
