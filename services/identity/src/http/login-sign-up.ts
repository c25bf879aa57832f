import { ConflictError, ValidationError } from '@app/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashPassword } from '../credentials/password-hashing.js';
import type { LoginContext } from './login-context.js';
import { messages, validateSignUp, type FieldErrors, type SignUpBody } from './login-forms.js';
import type { LoginField, LoginPageView } from './pages/login-page.js';
import { isCrossSite, sendLoginPage } from './login-reply.js';
import { safeReturnTo } from './login-return-to.js';
import { startSession } from './login-session.js';

/**
 * POST /api/login/sign-up: a tenant account with a password, then signed in. A taken email gets the same
 * sentence as any other refusal we cannot explain without confirming that the account exists.
 */
export async function signUp(
  context: LoginContext,
  request: FastifyRequest,
  reply: FastifyReply,
  form: SignUpBody,
): Promise<FastifyReply> {
  const returnTo = safeReturnTo(form.returnTo);
  const page = (status: number, view: Partial<LoginPageView>) =>
    sendLoginPage(reply, status, {
      productName: context.productName,
      singleSignOn: context.singleSignOn,
      mode: 'sign-up',
      returnTo,
      values: { email: form.email.trim(), firstName: form.firstName.trim(), lastName: form.lastName.trim() },
      ...view,
    });

  if (isCrossSite(request)) return page(403, { formError: messages.crossSite });
  const validated = validateSignUp(form);
  if ('errors' in validated)
    return page(400, { formError: messages.fixFields, fieldErrors: validated.errors });
  const { input } = validated;

  const admission = await context.throttle.begin({
    kind: 'sign-up',
    ip: request.clientAddress,
    email: input.email,
  });
  if (!admission.allowed) {
    reply.header('retry-after', String(admission.retryAfterSeconds));
    return page(429, { formError: messages.tooMany(admission.retryAfterSeconds) });
  }

  // Hashed before the lookup: the slow part costs the same whether or not the email is taken.
  const passwordHash = await hashPassword(input.password);
  if ((await context.directory.findUserByEmail(input.email)) !== null) {
    return page(400, { formError: messages.signUpFailed });
  }
  let userId: string;
  try {
    ({ userId } = await context.directory.registerUser({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'tenant',
      registeredVia: 'sign-up',
    }));
  } catch (error) {
    // A parallel sign-up took the email between our lookup and the registration.
    if (error instanceof ConflictError) return page(400, { formError: messages.signUpFailed });
    if (error instanceof ValidationError)
      return page(400, { formError: error.message, fieldErrors: fieldsOf(error) });
    throw error;
  }
  await context.credentials.savePasswordHash(userId, passwordHash);
  await context.directory.recordPasswordSet(userId, 'sign-up');
  await context.throttle.succeeded(admission.attemptId);
  request.log.info({ userId }, 'Signed up');
  return startSession(request, reply, { ...context, userId, returnTo });
}

const formFields: readonly string[] = ['email', 'password', 'firstName', 'lastName'];

/** The accounts side's field problems, where they name one of this form's fields. */
function fieldsOf(error: ValidationError): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of error.errors) {
    if (formFields.includes(problem.path)) errors[problem.path as LoginField] ??= problem.message;
  }
  return errors;
}
