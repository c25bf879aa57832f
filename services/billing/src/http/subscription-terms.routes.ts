import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptionTermListSchema, subscriptionTermsQuerySchema } from '@app/contracts';
import { billableSubscriptions } from '../application/renewals/renewal-state.js';
import type { RenewalPolicy } from '../domain/renewal/renewal-cycle.js';
import { subscriptionTerm } from '../domain/renewal/subscription-term.js';
import type { ProviderName } from '../payments/payment-provider.js';

export interface SubscriptionTermRoutesOptions {
  db: pg.Pool;
  provider: ProviderName;
  policy: RenewalPolicy;
  now: () => Date;
}

const description =
  'For the subscriptions a screen shows (`ids`, comma-separated, at most 200): when the period running now ends, ' +
  'whether and when it renews, and, for one set to cancel at period end, when service ends. Subscriptions ' +
  'billing has not heard of (yet) are left out.';

/** The billing side of subscriptions: a customer's own, and an admin's view of any tenant's. */
export const subscriptionTermRoutes: FastifyPluginAsyncZod<SubscriptionTermRoutesOptions> = async (
  app,
  { db, provider, policy, now },
) => {
  const termsOf = async (ids: readonly string[], ownerId: string | null) => {
    const at = now();
    const subscriptions = await billableSubscriptions(db, provider, ids, ownerId);
    return subscriptions.map((subscription) => subscriptionTerm(subscription, policy, at));
  };

  app.get(
    '/api/billing/subscriptions',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: "Billing periods of the signed-in customer's subscriptions",
        description: `${description} Only the caller's own are answered.`,
        tags: ['billing'],
        querystring: subscriptionTermsQuerySchema,
        response: { 200: subscriptionTermListSchema },
      },
    },
    async (request) => {
      if (!request.caller) throw new Error('The signed-in policy let a request without a caller through');
      return termsOf(request.query.ids, request.caller.userId);
    },
  );

  app.get(
    '/api/admin/billing/subscriptions',
    {
      config: { policy: 'admin' },
      schema: {
        summary: "Billing periods of any tenant's subscriptions",
        description,
        tags: ['billing'],
        querystring: subscriptionTermsQuerySchema,
        response: { 200: subscriptionTermListSchema },
      },
    },
    async (request) => termsOf(request.query.ids, null),
  );
};
