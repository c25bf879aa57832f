import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptionListQuerySchema, subscriptionListSchema } from '@app/contracts';
import { replyWithPage } from '@app/service-kit';
import { listOwnedSubscriptions } from '../projections/subscription-lists.js';

export interface CustomerSubscriptionRoutesOptions {
  db: pg.Pool;
}

/**
 * GET /api/subscriptions (SPEC.md §7, customer dashboard): the caller's own, i.e. those of the tenants the
 * caller owns. An admin gets their own too (usually none); the admin lists are elsewhere.
 */
export const customerSubscriptionRoutes: FastifyPluginAsyncZod<CustomerSubscriptionRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/api/subscriptions',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: "The signed-in customer's subscriptions, newest first",
        tags: ['tenancy'],
        querystring: subscriptionListQuerySchema,
        response: { 200: subscriptionListSchema },
      },
    },
    async (request, reply) => {
      if (!request.caller) throw new Error('The signed-in policy let a request without a caller through');
      const page = await listOwnedSubscriptions(options.db, request.caller.userId, request.query);
      return replyWithPage(request, reply, page.rows, page.next);
    },
  );
};
