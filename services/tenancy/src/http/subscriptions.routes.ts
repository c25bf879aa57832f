import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  subscriptionIdParamsSchema,
  subscriptionListQuerySchema,
  subscriptionListSchema,
  subscriptionSchema,
} from '@app/contracts';
import { NotFoundError } from '@app/domain';
import {
  commandOptionsFrom,
  ifMatchHeadersSchema,
  replyAfterCommand,
  replyWithPage,
  type CommandReplies,
} from '@app/service-kit';
import type { SubscriptionCommands } from '../application/subscription-commands.js';
import { subscriptionNotFound } from '../domain/subscription/decide.js';
import { listOwnedSubscriptions } from '../projections/subscription-lists.js';
import { subscriptionOwner } from '../projections/subscription-queries.js';
import { subscriptionView } from './subscription-reply.js';

export interface CustomerSubscriptionRoutesOptions {
  db: pg.Pool;
  commands: SubscriptionCommands;
  replies: CommandReplies;
}

const commandConfig = { policy: 'signed-in', idempotent: true } as const;

/**
 * The customer's own subscriptions (SPEC.md §7, customer dashboard): those of the tenants the caller owns. An
 * admin gets their own too (usually none); the admin lists and controls are elsewhere. Cancel and resume act only
 * on the caller's own: another's is "not found", as if it did not exist.
 */
export const customerSubscriptionRoutes: FastifyPluginAsyncZod<CustomerSubscriptionRoutesOptions> = async (
  app,
  options,
) => {
  const { db, commands, replies } = options;

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
      const page = await listOwnedSubscriptions(options.db, callerOf(request).userId, request.query);
      return replyWithPage(request, reply, page.rows, page.next);
    },
  );

  app.post(
    '/api/subscriptions/:subscriptionId/cancel',
    {
      config: commandConfig,
      schema: {
        summary: 'Cancel one of your subscriptions at the end of its paid period',
        description:
          'It stays as it is until its paid period ends (a trial: until the trial ends), is not renewed, and then ' +
          'becomes cancelled; `cancelAtPeriodEnd` says it is pending and GET /api/billing/subscriptions says ' +
          'when. Only an active or trial subscription can be set to cancel (409 otherwise); a repeat changes ' +
          'nothing.',
        tags: ['tenancy'],
        params: subscriptionIdParamsSchema,
        headers: ifMatchHeadersSchema,
        response: { 200: subscriptionSchema },
      },
    },
    async (request, reply) => {
      const { subscriptionId } = request.params;
      await assertOwned(db, subscriptionId, callerOf(request).userId);
      const result = await commands.scheduleCancellation(subscriptionId, commandOptionsFrom(request));
      return replyAfterCommand(reply, replies, result, subscriptionView(db, result));
    },
  );

  app.post(
    '/api/subscriptions/:subscriptionId/resume',
    {
      config: commandConfig,
      schema: {
        summary: 'Withdraw a pending cancellation of one of your subscriptions',
        description:
          'Before its paid period ends: it renews as before. Once it has ended it cannot be resumed (409); ' +
          'without a pending cancellation nothing changes.',
        tags: ['tenancy'],
        params: subscriptionIdParamsSchema,
        headers: ifMatchHeadersSchema,
        response: { 200: subscriptionSchema },
      },
    },
    async (request, reply) => {
      const { subscriptionId } = request.params;
      await assertOwned(db, subscriptionId, callerOf(request).userId);
      const result = await commands.withdrawCancellation(subscriptionId, commandOptionsFrom(request));
      return replyAfterCommand(reply, replies, result, subscriptionView(db, result));
    },
  );
};

function callerOf(request: { caller?: { userId: string } | null }) {
  if (!request.caller) throw new Error('The signed-in policy let a request without a caller through');
  return request.caller;
}

/** Another customer's subscription, or none at all, is the same 404: no id reveals whether it exists. */
async function assertOwned(db: pg.Pool, subscriptionId: string, userId: string): Promise<void> {
  if ((await subscriptionOwner(db, subscriptionId)) !== userId) throw new NotFoundError(subscriptionNotFound);
}
