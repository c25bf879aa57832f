import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginContext } from './login-context.js';
import { messages, normalizeEmail, type FieldErrors } from './login-forms.js';
import type { LoginPageView } from './pages/login-page.js';
import { isCrossSite, sendLoginPage } from './login-reply.js';
import { safeReturnTo } from './login-return-to.js';
import { startSession } from './login-session.js';

export interface SignInForm {
  email: string;
  password: string;
  returnTo?: unknown;
}

/**
 * POST /api/login. One answer for every failure (unknown email, wrong password, no password set, deactivated
 * account), with the same argon2 work in each, so neither the page nor its timing tells whether an email is
 * registered (OWASP Authentication: generic error messages).
 */
export async function signIn(
  context: LoginContext,
  request: FastifyRequest,
  reply: FastifyReply,
  form: SignInForm,
): Promise<FastifyReply> {
  const returnTo = safeReturnTo(form.returnTo);
  const email = normalizeEmail(form.email);
  const page = (status: number, view: Partial<LoginPageView>) =>
    sendLoginPage(reply, status, {
      productName: context.productName,
      singleSignOn: context.singleSignOn,
      mode: 'sign-in',
      returnTo,
      values: { email: form.email.trim() },
      ...view,
    });

  if (isCrossSite(request)) return page(403, { formError: messages.crossSite });
  const fieldErrors: FieldErrors = {};
  if (email.length === 0) fieldErrors.email = messages.emailMissing;
  if (form.password.length === 0) fieldErrors.password = messages.passwordMissing;
  if (Object.keys(fieldErrors).length > 0) return page(400, { formError: messages.fixFields, fieldErrors });

  const admission = await context.throttle.begin({ kind: 'sign-in', ip: request.clientAddress, email });
  if (!admission.allowed) {
    const { retryAfterSeconds, limit } = admission;
    reply.header('retry-after', String(retryAfterSeconds));
    request.log.warn({ retryAfterSeconds, limit }, 'Sign-in rate limited');
    return page(429, { formError: messages.tooMany(retryAfterSeconds) });
  }

  const user = await context.directory.findUserByEmail(email);
  const verified = await context.credentials.verifyPassword(user?.id ?? null, form.password);
  if (user === null || !verified || !user.isActive) {
    // The reason is for operators; the user id only when there is an account (the typed email may be a password).
    const reason = user === null ? 'unknown account' : !verified ? 'wrong password' : 'account inactive';
    request.log.info({ userId: user?.id, reason }, 'Sign-in refused');
    return page(401, { formError: messages.signInFailed });
  }
  await context.throttle.succeeded(admission.attemptId);
  return startSession(request, reply, { ...context, userId: user.id, returnTo });
}
