import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { currentUserSchema, updateOwnProfileBodySchema } from '@app/contracts';
import { HttpProblem, commandOptionsFrom, etagOf, ifMatchHeadersSchema, problemType } from '@app/service-kit';
import type { UserCommands } from '../application/user-commands.js';
import type { ViewAsCommands } from '../application/view-as-commands.js';
import { currentUserView } from '../application/user-view.js';
import { findUser } from '../projections/user-queries.js';
import { userAfterCommand, type UserReplyOptions } from './user-reply.js';

export interface CurrentUserRoutesOptions extends UserReplyOptions {
  commands: UserCommands;
  views: Pick<ViewAsCommands, 'read'>;
}

const tags = ['identity'];

/**
 * The signed-in user's own account (SPEC.md §7 GET /api/auth/user, and the Settings profile form). A 401 here
 * means "signed out" to the front end, so an account that is gone or deactivated answers 401 too.
 */
export const currentUserRoutes: FastifyPluginAsyncZod<CurrentUserRoutesOptions> = async (app, options) => {
  const { commands, db } = options;

  async function ownAccount(request: FastifyRequest) {
    const found = request.caller ? await findUser(db, request.caller.userId) : null;
    if (!found?.user.isActive) {
      throw new HttpProblem(401, 'Your account is not available. Please sign in again.', {
        type: problemType('unauthenticated'),
      });
    }
    return found;
  }

  /** An admin viewing as this user (issue 21): which view, and when it ends, for the banner. */
  async function viewAsOf(request: FastifyRequest) {
    const actor = request.caller?.actor;
    if (actor === undefined) return {};
    const view = await options.views.read(actor.viewAsSessionId);
    if (view.status === 'absent') return {};
    return { viewAs: { sessionId: view.sessionId, expiresAt: view.expiresAt } };
  }

  app.get(
    '/api/auth/user',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'The signed-in user',
        description:
          '401 when nobody is signed in: the front end reads that as signed out. While an admin views as this ' +
          'user, `viewAs` names the view and when it ends.',
        tags,
        response: { 200: currentUserSchema },
      },
    },
    async (request, reply) => {
      const { user, revision } = await ownAccount(request);
      reply.header('etag', etagOf(revision)).header('cache-control', 'no-store');
      return { ...currentUserView(user), ...(await viewAsOf(request)) };
    },
  );

  app.patch(
    '/api/auth/user',
    {
      config: { policy: 'signed-in', idempotent: true },
      schema: {
        summary: 'Change your own email or names',
        description: 'The email must not belong to another account. Send If-Match to fail on a stale copy.',
        tags,
        headers: ifMatchHeadersSchema,
        body: updateOwnProfileBodySchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request, reply) => {
      const { user } = await ownAccount(request);
      const result = await commands.changeProfile(user.id, request.body, commandOptionsFrom(request));
      reply.header('cache-control', 'no-store');
      return currentUserView(await userAfterCommand(reply, options, result));
    },
  );
};
