import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordBodySchema } from '@app/contracts';
import { ValidationError } from '@app/domain';
import { HttpProblem, problemType } from '@app/service-kit';
import type { CredentialStore } from '../credentials/credential-store.js';
import { normalizePassword, passwordProblem } from '../credentials/password-policy.js';
import type { LoginThrottle } from '../sessions/login-throttle.js';
import { sessionCookieName } from '../sessions/session-cookie.js';
import type { SessionStore } from '../sessions/session-store.js';
import type { UserDirectory } from '../sessions/user-directory.js';

export interface PasswordChangeRoutesOptions {
  directory: Pick<UserDirectory, 'findUserById' | 'recordPasswordSet'>;
  credentials: CredentialStore;
  sessions: SessionStore;
  throttle: LoginThrottle;
}

export const passwordChangeMessages = {
  currentIncorrect: 'Your current password is incorrect.',
  sameAsCurrent: 'Choose a new password that is different from your current one.',
  tooMany: (seconds: number) => `Too many attempts. Try again in ${seconds} s.`,
  accountUnavailable: 'Your account is not available. Please sign in again.',
} as const;

/**
 * POST /api/auth/password (Settings, Security): the signed-in user changes their password. The current one is
 * checked under the sign-in rate limits (one budget per account, whichever path guesses), the new one under the
 * password rules; then every other session of the account ends, the one making the change stays. Not
 * idempotent-keyed on purpose: the idempotency table would keep a plain hash of the request, passwords and all.
 */
export const passwordChangeRoutes: FastifyPluginAsyncZod<PasswordChangeRoutesOptions> = async (
  app,
  options,
) => {
  // In this scope only (no fastify-plugin): the current session's cookie says which session to keep.
  if (!app.hasDecorator('parseCookie')) await app.register(cookie);

  app.post(
    '/api/auth/password',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'Change your password',
        description:
          'Needs the current password. Ends your other sessions; this one stays signed in. 400 with ' +
          '`errors[].path` `currentPassword` or `newPassword` says which field to fix; 429 after too many tries.',
        tags: ['identity'],
        body: changePasswordBodySchema,
      },
    },
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      const user = request.caller ? await options.directory.findUserById(request.caller.userId) : null;
      if (!user?.isActive) {
        throw new HttpProblem(401, passwordChangeMessages.accountUnavailable, {
          type: problemType('unauthenticated'),
        });
      }
      const problem = passwordProblem(newPassword);
      if (problem !== null) throw fieldError('newPassword', problem);
      if (normalizePassword(newPassword) === normalizePassword(currentPassword)) {
        throw fieldError('newPassword', passwordChangeMessages.sameAsCurrent);
      }

      const admission = await options.throttle.begin({
        kind: 'password-change',
        ip: request.clientAddress,
        email: user.email,
      });
      if (!admission.allowed) {
        reply.header('retry-after', String(admission.retryAfterSeconds));
        throw new HttpProblem(429, passwordChangeMessages.tooMany(admission.retryAfterSeconds), {
          type: problemType('too-many-attempts'),
        });
      }
      if (!(await options.credentials.verifyPassword(user.id, currentPassword))) {
        request.log.info({ userId: user.id }, 'Password change refused: wrong current password');
        throw fieldError('currentPassword', passwordChangeMessages.currentIncorrect);
      }
      await options.throttle.succeeded(admission.attemptId);

      await options.credentials.setPassword(user.id, newPassword);
      await options.directory.recordPasswordSet(user.id, 'settings');
      const keep = request.cookies[sessionCookieName()];
      const ended = await options.sessions.revokeAllSessions(user.id, keep);
      request.log.info({ userId: user.id, endedSessions: ended }, 'Password changed');
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
};

function fieldError(path: 'currentPassword' | 'newPassword', message: string): ValidationError {
  return new ValidationError(message, [{ path, message }]);
}
