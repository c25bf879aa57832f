import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeWebhookEndpointEventTypesSchema,
  registerWebhookEndpointSchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookTenantParamsSchema,
} from '@app/contracts';
import {
  commandMetadata,
  commandOptionsFrom,
  ifMatchHeadersSchema,
  replyAfterCommand,
  type CommandReplies,
} from '@app/service-kit';
import type { EndpointCommands } from '../application/endpoint-commands.js';
import { listTenantEndpoints } from '../projections/endpoint-queries.js';
import { endpointView } from './endpoint-view.js';
import {
  assertMayActFor,
  endpointPolicies,
  endpointPrefixes,
  type EndpointAudience,
} from './tenant-access.js';

export interface EndpointRoutesOptions {
  audience: EndpointAudience;
  db: pg.Pool;
  commands: EndpointCommands;
  replies: CommandReplies;
  now: () => Date;
}

const secretOnce =
  'The answer holds the signing secret (`whsec_…`), shown this once and stored only sealed: keep it. Not ' +
  'replayed for an Idempotency-Key, as a stored answer would keep the secret in clear.';

/**
 * A tenant's webhook endpoints (issue 20), the same routes for its owner and for admins. An owner acts only for
 * a tenant they own: any other tenant, or one notifications has not copied yet, is 404, as is another tenant's
 * endpoint, so no id reveals whether it exists. Event types, enable and disable are idempotent and take
 * If-Match, as delete does; register and rotate answer a new secret.
 */
export const webhookEndpointRoutes: FastifyPluginAsyncZod<EndpointRoutesOptions> = async (app, options) => {
  const { audience, db, commands, replies, now } = options;
  const prefix = endpointPrefixes[audience];
  const policy = endpointPolicies[audience];
  const tags = ['notifications'];
  const who = audience === 'owner' ? 'a tenant you own' : 'a tenant';

  const assertMayAct = (request: { caller?: { userId: string } | null }, tenantId: string) =>
    assertMayActFor(db, audience, request, tenantId);

  app.get(
    prefix,
    {
      config: { policy },
      schema: {
        summary: `The webhook endpoints of ${who}`,
        description: 'Oldest first; never a secret.',
        tags,
        params: webhookTenantParamsSchema,
        response: { 200: webhookEndpointListSchema },
      },
    },
    async (request) => {
      await assertMayAct(request, request.params.tenantId);
      return { endpoints: await listTenantEndpoints(db, request.params.tenantId) };
    },
  );

  app.post(
    prefix,
    {
      config: { policy },
      schema: {
        summary: `Register a webhook endpoint for ${who}`,
        description: `Enabled at once, for the event types chosen (each one offered). ${secretOnce}`,
        tags,
        params: webhookTenantParamsSchema,
        body: registerWebhookEndpointSchema,
        response: { 201: webhookEndpointWithSecretSchema },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params;
      await assertMayAct(request, tenantId);
      const at = now();
      const { result, secret } = await commands.register(tenantId, request.body, {
        metadata: commandMetadata(request),
      });
      const endpoint = await replyAfterCommand(reply, replies, result, endpointView(db, result, at));
      reply.header('location', `${prefix.replace(':tenantId', tenantId)}/${endpoint.id}`);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ ...endpoint, secret });
    },
  );

  app.put(
    `${prefix}/:endpointId/event-types`,
    {
      config: { policy, idempotent: true },
      schema: {
        summary: 'Choose which events a webhook endpoint receives',
        description: 'The whole list; the same list again changes nothing.',
        tags,
        params: webhookEndpointParamsSchema,
        headers: ifMatchHeadersSchema,
        body: changeWebhookEndpointEventTypesSchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request, reply) => {
      const { tenantId, endpointId } = request.params;
      await assertMayAct(request, tenantId);
      const at = now();
      const result = await commands.changeEventTypes(
        tenantId,
        endpointId,
        request.body.eventTypes,
        commandOptionsFrom(request),
      );
      return replyAfterCommand(reply, replies, result, endpointView(db, result, at));
    },
  );

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(
      `${prefix}/:endpointId/${action}`,
      {
        config: { policy, idempotent: true },
        schema: {
          summary: enabled ? 'Enable a webhook endpoint' : 'Disable a webhook endpoint',
          description: enabled
            ? 'Also takes a failing endpoint back into service. An enabled one stays as it is.'
            : 'It receives nothing until enabled again. A disabled one stays as it is.',
          tags,
          params: webhookEndpointParamsSchema,
          headers: ifMatchHeadersSchema,
          response: { 200: webhookEndpointSchema },
        },
      },
      async (request, reply) => {
        const { tenantId, endpointId } = request.params;
        await assertMayAct(request, tenantId);
        const at = now();
        const result = await commands.setEnabled(tenantId, endpointId, enabled, commandOptionsFrom(request));
        return replyAfterCommand(reply, replies, result, endpointView(db, result, at));
      },
    );
  }

  app.delete(
    `${prefix}/:endpointId`,
    {
      config: { policy },
      schema: {
        summary: 'Delete a webhook endpoint',
        description:
          'It receives nothing more, leaves the list, and its deliveries still pending are not sent; its ' +
          'delivery log goes with it. A second delete is 404.',
        tags,
        params: webhookEndpointParamsSchema,
        headers: ifMatchHeadersSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const { tenantId, endpointId } = request.params;
      await assertMayAct(request, tenantId);
      const result = await commands.remove(tenantId, endpointId, commandOptionsFrom(request));
      await replyAfterCommand(reply, replies, result, { fromState: () => null });
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${prefix}/:endpointId/rotate-secret`,
    {
      config: { policy },
      schema: {
        summary: "Rotate a webhook endpoint's signing secret",
        description:
          'The new secret signs at once; the one it replaces keeps signing beside it for 24 hours, so the ' +
          `receiver can switch without losing a message. ${secretOnce}`,
        tags,
        params: webhookEndpointParamsSchema,
        headers: ifMatchHeadersSchema,
        response: { 200: webhookEndpointWithSecretSchema },
      },
    },
    async (request, reply) => {
      const { tenantId, endpointId } = request.params;
      await assertMayAct(request, tenantId);
      const at = now();
      const { result, secret } = await commands.rotateSecret(
        tenantId,
        endpointId,
        commandOptionsFrom(request),
      );
      const endpoint = await replyAfterCommand(reply, replies, result, endpointView(db, result, at));
      reply.header('cache-control', 'no-store');
      return { ...endpoint, secret };
    },
  );
};
