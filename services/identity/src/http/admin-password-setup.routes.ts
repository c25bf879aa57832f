import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordSetupLinkSchema, userIdParamsSchema, type PasswordSetupLink } from '@app/contracts';
import { IllegalStateError, NotFoundError } from '@app/domain';
import { accountDeactivated, userNotFound } from '../domain/user/decide.js';
import type pg from 'pg';
import type { SetupLinkRecipient } from '../credentials/password-setup-tokens.js';
import { findUser } from '../projections/user-queries.js';

export interface AdminPasswordSetupRoutesOptions {
  db: pg.Pool;
  issueSetupLink: (user: SetupLinkRecipient) => Promise<PasswordSetupLink>;
}

/**
 * POST /api/admin/users/:id/password-setup: a new one-time link when the first was lost or expired (or as a
 * reset: the current password keeps working until the link is used). Earlier unused links stop working.
 */
export const adminPasswordSetupRoutes: FastifyPluginAsyncZod<AdminPasswordSetupRoutesOptions> = async (
  app,
  options,
) => {
  app.post(
    '/api/admin/users/:id/password-setup',
    {
      config: { policy: 'admin', idempotent: true, replayOmits: ['url'] },
      schema: {
        summary: 'Issue a new password-setup link for a user',
        description:
          'The link is valid 72 hours and works once; earlier unused links of the user stop working. ' +
          'It is also emailed to the user (`emailed`), whatever their notification settings. ' +
          'A retry with the same Idempotency-Key replays the answer without the link, and mails nothing.',
        tags: ['identity'],
        params: userIdParamsSchema,
        response: { 200: passwordSetupLinkSchema },
      },
    },
    async (request, reply) => {
      const user = (await findUser(options.db, request.params.id))?.user;
      if (user === undefined) throw new NotFoundError(userNotFound);
      if (!user.isActive) throw new IllegalStateError(accountDeactivated);
      const link = await options.issueSetupLink(user);
      request.log.info({ userId: user.id, emailed: link.emailed }, 'Password-setup link issued');
      return reply.header('cache-control', 'no-store').send(link);
    },
  );
};
