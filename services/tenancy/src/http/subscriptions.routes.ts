import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptionListSchema } from '@app/contracts';
import { listOwnedSubscriptions } from '../projections/subscription-queries.js';

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
        summary: "The signed-in customer's subscriptions",
        tags: ['tenancy'],
        response: { 200: subscriptionListSchema },
      },
    },
    async (request) => (request.caller ? listOwnedSubscriptions(options.db, request.caller.userId) : []),
  );
};
