import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { passwordSetupMailBodySchema, passwordSetupMailReplySchema } from '@app/contracts';
import type { KeyRing } from '@app/secrets';
import {
  guardInternalRoutes,
  internalRoute,
  passwordSetupMailPurpose,
  type AcceptedSecrets,
} from '@app/service-kit';
import { queuePasswordSetupMail } from '../outbox/queue-password-setup.js';

export interface InternalPasswordSetupMailRoutesOptions {
  db: pg.Pool;
  keyRing: KeyRing;
  /** PUBLIC_URL: a link identity gave as a path is made absolute against it. */
  publicUrl: string;
  /** INTERNAL_TOKEN_SECRET: identity sends the key derived from it for passwordSetupMailPurpose. */
  internalSecret: AcceptedSecrets;
  now: () => Date;
}

/**
 * POST /internal/password-setup-mail, for identity only (an internal route: guardInternalRoutes): mail this new
 * password-setup link to the account. 202 once it is queued (now, or by an earlier try of the same link). Logged by
 * link and user, never with the link.
 */
export const internalPasswordSetupMailRoutes: FastifyPluginAsyncZod<
  InternalPasswordSetupMailRoutesOptions
> = async (app, options) => {
  guardInternalRoutes(app, { secret: options.internalSecret, purpose: passwordSetupMailPurpose });

  app.post(
    '/internal/password-setup-mail',
    internalRoute({ body: passwordSetupMailBodySchema, response: { 202: passwordSetupMailReplySchema } }),
    async (request, reply) => {
      const { queued } = await queuePasswordSetupMail(options.db, request.body, {
        keyRing: options.keyRing,
        publicUrl: options.publicUrl,
        now: options.now(),
      });
      request.log.info(
        { linkId: request.body.linkId, userId: request.body.userId, queued },
        'Password-setup mail queued',
      );
      return reply.code(202).header('cache-control', 'no-store').send({ queued });
    },
  );
};
