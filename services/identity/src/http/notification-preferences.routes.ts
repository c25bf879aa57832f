import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationPreferencesSchema } from '@app/contracts';
import { HttpProblem, commandMetadata, problemType, replyAfterCommand } from '@app/service-kit';
import type { UserCommands } from '../application/user-commands.js';
import { findNotificationPreferences } from '../projections/notification-preferences-queries.js';
import type { UserReplyOptions } from './user-reply.js';

export interface NotificationPreferencesRoutesOptions extends UserReplyOptions {
  commands: UserCommands;
}

const path = '/api/auth/notification-preferences';
const tags = ['identity'];

/**
 * The signed-in user's own notification switches (Settings, Notifications). Always the caller's: there is no
 * user id in the path, so nobody can read or change another account's. Like GET /api/auth/user, an account that
 * is gone or deactivated answers 401.
 */
export const notificationPreferencesRoutes: FastifyPluginAsyncZod<
  NotificationPreferencesRoutesOptions
> = async (app, options) => {
  const { commands, db, replies } = options;

  async function ownPreferences(request: FastifyRequest) {
    const found = request.caller ? await findNotificationPreferences(db, request.caller.userId) : null;
    if (!found?.isActive || !request.caller) {
      throw new HttpProblem(401, 'Your account is not available. Please sign in again.', {
        type: problemType('unauthenticated'),
      });
    }
    return { userId: request.caller.userId, preferences: found.preferences };
  }

  app.get(
    path,
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'Your notification switches',
        description: 'The defaults (email and security alerts on, push off) until you change one.',
        tags,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request, reply) => {
      const { preferences } = await ownPreferences(request);
      reply.header('cache-control', 'no-store');
      return preferences;
    },
  );

  app.put(
    path,
    {
      config: { policy: 'signed-in', idempotent: true },
      schema: {
        summary: 'Set your notification switches',
        description: 'Send all three switches; nothing is recorded when none changes.',
        tags,
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await ownPreferences(request);
      const result = await commands.changeNotificationPreferences(userId, request.body, {
        metadata: commandMetadata(request),
      });
      const { state } = result;
      if (state.status === 'absent') throw new Error('A user command left no account to show');
      // Waits for the read model, so a GET right after this answer already shows the change.
      reply.header('cache-control', 'no-store');
      return replyAfterCommand(reply, replies, result, { fromState: () => state.notificationPreferences });
    },
  );
};
