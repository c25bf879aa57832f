import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import {
  idSchema,
  patchTenantBodySchema,
  replaceTenantBodySchema,
  tenantIdParamsSchema,
  tenantListQuerySchema,
  tenantListSchema,
  tenantNameSchema,
  tenantSchema,
  tenantSummaryQuerySchema,
  tenantSummarySchema,
} from '@app/contracts';
import {
  commandMetadata,
  commandOptionsFrom,
  foundWithEtag,
  ifMatchHeadersSchema,
  replyAfterCommand,
  replyWithPage,
  type CommandReplies,
} from '@app/service-kit';
import type { TenantCommands } from '../application/tenant-commands.js';
import { tenantNotFound } from '../domain/tenant/decide.js';
import { findTenant, listTenants } from '../projections/tenant-queries.js';
import { tenantSummary } from '../projections/tenant-summary.js';
import { tenantViewAfter } from './tenant-reply.js';

export interface AdminTenantRoutesOptions {
  db: pg.Pool;
  commands: TenantCommands;
  replies: CommandReplies;
}

/** POST /api/admin/tenants: an admin creates a tenant; onboarding creates the customers' own. */
export const createTenantBodySchema = z.strictObject({
  name: tenantNameSchema,
  ownerId: idSchema.nullable().optional(),
});

const commandConfig = { policy: 'admin', idempotent: true } as const;
const tags = ['tenancy'];

/** Admin tenant management (SPEC.md §2 Admin Dashboard, Admin Portal and Tenant details, §7). */
export const adminTenantRoutes: FastifyPluginAsyncZod<AdminTenantRoutesOptions> = async (app, options) => {
  const { commands, db, replies } = options;

  app.get(
    '/api/admin/tenants',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'List tenants, newest first, a page at a time',
        description: '`q` searches name and slug (any case, as typed); `status` and `ownerId` filter.',
        tags,
        querystring: tenantListQuerySchema,
        response: { 200: tenantListSchema },
      },
    },
    async (request, reply) => {
      const page = await listTenants(db, request.query);
      return replyWithPage(request, reply, page.rows, page.next);
    },
  );

  // A static path: the router prefers it to /api/admin/tenants/:id whatever the order of registration.
  app.get(
    '/api/admin/tenants/summary',
    {
      config: { policy: 'admin' },
      schema: {
        summary: "Tenant figures: counts by status, total revenue and subscriptions; or one owner's",
        description: 'Kept as events arrive, so the answer costs the same however many tenants there are.',
        tags,
        querystring: tenantSummaryQuerySchema,
        response: { 200: tenantSummarySchema },
      },
    },
    async (request) => tenantSummary(db, request.query.ownerId),
  );

  app.get(
    '/api/admin/tenants/:id',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'Get one tenant',
        description: 'Passwords are never returned, only `…PasswordSet`. The ETag is the tenant revision.',
        tags,
        params: tenantIdParamsSchema,
        response: { 200: tenantSchema },
      },
    },
    async (request, reply) => {
      return foundWithEtag(reply, await findTenant(db, request.params.id), tenantNotFound).tenant;
    },
  );

  app.post(
    '/api/admin/tenants',
    {
      config: commandConfig,
      schema: {
        summary: 'Create a tenant',
        description: 'The slug is derived from the name, made unique among tenants with -2, -3….',
        tags,
        body: createTenantBodySchema,
        response: { 201: tenantSchema },
      },
    },
    async (request, reply) => {
      const result = await commands.createTenant(request.body, { metadata: commandMetadata(request) });
      const tenant = await replyAfterCommand(reply, replies, result, tenantViewAfter(db, result));
      reply.header('location', `/api/admin/tenants/${result.tenantId}`);
      return reply.code(201).send(tenant);
    },
  );

  app.patch(
    '/api/admin/tenants/:id',
    {
      config: commandConfig,
      schema: {
        summary: "Change a tenant's name, status, domain or provider credentials",
        description:
          'Absent fields are kept; an empty string or null clears one. Passwords are stored encrypted and never ' +
          'read back. Send If-Match to fail on a stale copy.',
        tags,
        params: tenantIdParamsSchema,
        headers: ifMatchHeadersSchema,
        body: patchTenantBodySchema,
        response: { 200: tenantSchema },
      },
    },
    async (request, reply) => {
      const result = await commands.patchTenant(request.params.id, request.body, commandOptionsFrom(request));
      return replyAfterCommand(reply, replies, result, tenantViewAfter(db, result));
    },
  );

  app.put(
    '/api/admin/tenants/:id',
    {
      config: commandConfig,
      schema: {
        summary: "Replace a tenant's name, status and domain",
        description: 'Provider credentials are left as they are (PATCH changes them).',
        tags,
        params: tenantIdParamsSchema,
        headers: ifMatchHeadersSchema,
        body: replaceTenantBodySchema,
        response: { 200: tenantSchema },
      },
    },
    async (request, reply) => {
      const result = await commands.replaceTenant(
        request.params.id,
        request.body,
        commandOptionsFrom(request),
      );
      return replyAfterCommand(reply, replies, result, tenantViewAfter(db, result));
    },
  );
};
