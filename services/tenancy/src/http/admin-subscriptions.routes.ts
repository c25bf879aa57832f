import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCancelSubscriptionBodySchema,
  createSubscriptionBodySchema,
  idSchema,
  patchSubscriptionBodySchema,
  subscriptionIdParamsSchema,
  subscriptionListQuerySchema,
  subscriptionListSchema,
  subscriptionSchema,
  subscriptionSummarySchema,
  tenantIdParamsSchema,
} from '@app/contracts';
import {
  commandMetadata,
  commandOptionsFrom,
  ifMatchHeadersSchema,
  replyAfterCommand,
  replyWithPage,
  type CommandReplies,
} from '@app/service-kit';
import type { SubscriptionCommands } from '../application/subscription-commands.js';
import { productSubscriptionSummary } from '../projections/product-subscription-summary.js';
import { listProductSubscriptions, listTenantSubscriptions } from '../projections/subscription-lists.js';
import { subscriptionView } from './subscription-reply.js';

export interface AdminSubscriptionRoutesOptions {
  db: pg.Pool;
  commands: SubscriptionCommands;
  replies: CommandReplies;
}

const commandConfig = { policy: 'admin', idempotent: true } as const;
const productIdParamsSchema = z.strictObject({ id: idSchema });

/**
 * The admin's subscription calls of SPEC.md §7 (per tenant, per product, add, toggle and edit), and cancelling
 * or resuming any tenant's subscription (issue 19).
 */
export const adminSubscriptionRoutes: FastifyPluginAsyncZod<AdminSubscriptionRoutesOptions> = async (
  app,
  options,
) => {
  const { db, commands, replies } = options;

  app.get(
    '/api/admin/tenants/:id/subscriptions',
    {
      config: { policy: 'admin' },
      schema: {
        summary: "A tenant's subscriptions, newest first, with product and tenant names",
        tags: ['tenancy'],
        params: tenantIdParamsSchema,
        querystring: subscriptionListQuerySchema,
        response: { 200: subscriptionListSchema },
      },
    },
    async (request, reply) => {
      const page = await listTenantSubscriptions(db, request.params.id, request.query);
      return replyWithPage(request, reply, page.rows, page.next);
    },
  );

  app.get(
    '/api/admin/products/:id/subscriptions',
    {
      config: { policy: 'admin' },
      schema: {
        summary: "A product's subscriptions, newest first, with tenant names",
        tags: ['tenancy'],
        params: productIdParamsSchema,
        querystring: subscriptionListQuerySchema,
        response: { 200: subscriptionListSchema },
      },
    },
    async (request, reply) => {
      const page = await listProductSubscriptions(db, request.params.id, request.query);
      return replyWithPage(request, reply, page.rows, page.next);
    },
  );

  app.get(
    '/api/admin/products/:id/subscriptions/summary',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'How many subscriptions a product has, live and by status',
        description: 'Kept as events arrive, so the answer costs the same however many there are.',
        tags: ['tenancy'],
        params: productIdParamsSchema,
        response: { 200: subscriptionSummarySchema },
      },
    },
    async (request) => productSubscriptionSummary(db, request.params.id),
  );

  app.post(
    '/api/admin/tenants/:id/subscriptions',
    {
      config: commandConfig,
      schema: {
        summary: 'Subscribe a tenant to a product',
        description:
          'The product must be active; the amount is its base price now. A tenant holds at most one live ' +
          '(not cancelled) subscription per product: a second is a 409.',
        tags: ['tenancy'],
        params: tenantIdParamsSchema,
        body: createSubscriptionBodySchema,
        response: { 201: subscriptionSchema },
      },
    },
    async (request, reply) => {
      const result = await commands.start(request.params.id, request.body, {
        metadata: commandMetadata(request),
      });
      const subscription = await replyAfterCommand(reply, replies, result, subscriptionView(db, result));
      reply.header('location', `/api/admin/subscriptions/${result.subscriptionId}`);
      return reply.code(201).send(subscription);
    },
  );

  app.patch(
    '/api/admin/subscriptions/:subscriptionId',
    {
      config: commandConfig,
      schema: {
        summary: "Toggle a subscription's status, or set its domain URL and metrics API key",
        description:
          'Either `status` alone (active ↔ cancelled, SPEC.md §4) or `domainUrl` and `metricsApiKey`. The key ' +
          'is stored encrypted and never returned; reads say `metricsApiKeyConfigured`.',
        tags: ['tenancy'],
        params: subscriptionIdParamsSchema,
        headers: ifMatchHeadersSchema,
        body: patchSubscriptionBodySchema,
        response: { 200: subscriptionSchema },
      },
    },
    async (request, reply) => {
      const { subscriptionId } = request.params;
      const commandOptions = commandOptionsFrom(request);
      const body = request.body;
      const result =
        'status' in body
          ? await commands.changeStatus(subscriptionId, body.status, commandOptions)
          : await commands.configureEndpoint(subscriptionId, body, commandOptions);
      return replyAfterCommand(reply, replies, result, subscriptionView(db, result));
    },
  );

  app.post(
    '/api/admin/subscriptions/:subscriptionId/cancel',
    {
      config: commandConfig,
      schema: {
        summary: 'Cancel a subscription at once (with a reason) or at the end of its paid period',
        description:
          '`{"when":"now","reason":"…"}` cancels it now; the reason is kept on the event. ' +
          '`{"when":"period-end"}` does what the customer\'s "Cancel subscription" does: it runs to the end ' +
          'of its paid period, is not renewed, and is then cancelled.',
        tags: ['tenancy'],
        params: subscriptionIdParamsSchema,
        headers: ifMatchHeadersSchema,
        body: adminCancelSubscriptionBodySchema,
        response: { 200: subscriptionSchema },
      },
    },
    async (request, reply) => {
      const { subscriptionId } = request.params;
      const commandOptions = commandOptionsFrom(request);
      const body = request.body;
      const result =
        body.when === 'now'
          ? await commands.cancelNow(subscriptionId, body.reason, commandOptions)
          : await commands.scheduleCancellation(subscriptionId, commandOptions);
      return replyAfterCommand(reply, replies, result, subscriptionView(db, result));
    },
  );

  app.post(
    '/api/admin/subscriptions/:subscriptionId/resume',
    {
      config: commandConfig,
      schema: {
        summary: "Withdraw a subscription's pending cancellation",
        description: 'As the customer\'s "Resume": before its paid period ends, it renews as before.',
        tags: ['tenancy'],
        params: subscriptionIdParamsSchema,
        headers: ifMatchHeadersSchema,
        response: { 200: subscriptionSchema },
      },
    },
    async (request, reply) => {
      const result = await commands.withdrawCancellation(
        request.params.subscriptionId,
        commandOptionsFrom(request),
      );
      return replyAfterCommand(reply, replies, result, subscriptionView(db, result));
    },
  );
};
