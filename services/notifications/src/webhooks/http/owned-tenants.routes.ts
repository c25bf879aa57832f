import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookTenantListSchema } from '@app/contracts';
import { tenantsOwnedBy } from '../projections/endpoint-queries.js';

/**
 * The tenants whose webhooks the caller manages as their owner: what the owner's API & Webhooks page offers to
 * pick from. From notifications' copy of tenancy, the same one the endpoint routes check ownership against, so a
 * tenant listed here is one those routes accept.
 */
export const ownedWebhookTenantsRoutes: FastifyPluginAsyncZod<{ db: pg.Pool }> = async (app, { db }) => {
  app.get(
    '/api/tenant-webhooks/tenants',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'The tenants you own, whose webhook endpoints you manage',
        description: 'By name. A tenant created a moment ago may take a moment to appear.',
        tags: ['notifications'],
        response: { 200: webhookTenantListSchema },
      },
    },
    async (request) => ({ tenants: await tenantsOwnedBy(db, request.caller?.userId ?? null) }),
  );
};
