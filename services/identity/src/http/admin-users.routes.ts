import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdUserSchema,
  createUserBodySchema,
  patchUserBodySchema,
  type PasswordSetupLink,
  userIdParamsSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
  userSummarySchema,
} from '@app/contracts';
import {
  commandMetadata,
  commandOptionsFrom,
  decodeCursor,
  foundWithEtag,
  ifMatchHeadersSchema,
  replyWithPage,
} from '@app/service-kit';
import type { UserCommands } from '../application/user-commands.js';
import type { SetupLinkRecipient } from '../credentials/password-setup-tokens.js';
import { userNotFound } from '../domain/user/decide.js';
import { userSummary } from '../projections/user-counts.js';
import { listUsers, userKeySchema } from '../projections/user-list.js';
import { findUser } from '../projections/user-queries.js';
import { userAfterCommand, type UserReplyOptions } from './user-reply.js';

export interface AdminUserRoutesOptions extends UserReplyOptions {
  commands: UserCommands;
  /** A new one-time password-setup link for the account, also mailed to it (credentials/password-setup-tokens.ts). */
  issueSetupLink: (user: SetupLinkRecipient) => Promise<PasswordSetupLink>;
}

const commandConfig = { policy: 'admin', idempotent: true } as const;
const tags = ['identity'];

/** Admin user management (SPEC.md §2 Admin Portal and User details, §7). */
export const adminUserRoutes: FastifyPluginAsyncZod<AdminUserRoutesOptions> = async (app, options) => {
  const { commands, db } = options;

  app.get(
    '/api/admin/users',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'List users, newest first',
        description:
          'A page of the accounts, deactivated ones included. `q` finds a part of the full name ("first last") ' +
          'or of the email, in any case.',
        tags,
        querystring: userListQuerySchema,
        response: { 200: userListSchema },
      },
    },
    async (request, reply) => {
      const { limit, cursor, ...filters } = request.query;
      const page = await listUsers(db, filters, { after: decodeCursor(cursor, userKeySchema), limit });
      return replyWithPage(request, reply, page.rows, page.next);
    },
  );

  // A static path, which the router matches before `/:id` whatever the order of registration.
  app.get(
    '/api/admin/users/summary',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'Count users',
        description: "The Admin Portal's counters: every account, deactivated ones included, and the admins.",
        tags,
        response: { 200: userSummarySchema },
      },
    },
    async () => userSummary(db),
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'Get one user',
        description: 'The ETag is the account revision, for If-Match on a later update.',
        tags,
        params: userIdParamsSchema,
        response: { 200: userSchema },
      },
    },
    async (request, reply) => {
      return foundWithEtag(reply, await findUser(db, request.params.id), userNotFound).user;
    },
  );

  app.post(
    '/api/admin/users',
    {
      config: { ...commandConfig, replayOmits: ['passwordSetup'] },
      schema: {
        summary: 'Create a user',
        description:
          'Role `user` means `tenant`, the default. The new account has no password yet: `passwordSetup` is a ' +
          'one-time link (72 h) for its owner to choose one; only its hash is stored. The link is also emailed ' +
          'to the new user (`passwordSetup.emailed`), whatever their notification settings. A retry with the same ' +
          'Idempotency-Key replays this answer without the link (it is shown once): issue a new one with ' +
          'POST /api/admin/users/{id}/password-setup.',
        tags,
        body: createUserBodySchema,
        response: { 201: createdUserSchema },
      },
    },
    async (request, reply) => {
      const result = await commands.register(
        { ...request.body, registeredVia: 'admin' },
        { metadata: commandMetadata(request) },
      );
      const user = await userAfterCommand(reply, options, result);
      const passwordSetup = await options.issueSetupLink(user);
      reply.header('location', `/api/admin/users/${result.userId}`).header('cache-control', 'no-store');
      return reply.code(201).send({ ...user, passwordSetup });
    },
  );

  app.patch(
    '/api/admin/users/:id',
    {
      config: commandConfig,
      schema: {
        summary: "Change a user's email, names or role",
        description:
          'The last active administrator keeps the admin role. Send If-Match to fail on a stale copy.',
        tags,
        params: userIdParamsSchema,
        headers: ifMatchHeadersSchema,
        body: patchUserBodySchema,
        response: { 200: userSchema },
      },
    },
    async (request, reply) => {
      const result = await commands.edit(request.params.id, request.body, commandOptionsFrom(request));
      return userAfterCommand(reply, options, result);
    },
  );
};
