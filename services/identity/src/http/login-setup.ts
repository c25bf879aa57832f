import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PasswordSetupTokens } from '../credentials/password-setup-tokens.js';
import { hashPassword } from '../credentials/password-hashing.js';
import { normalizePassword, passwordProblem } from '../credentials/password-policy.js';
import type { DirectoryUser } from '../sessions/user-directory.js';
import type { LoginContext } from './login-context.js';
import { messages } from './login-forms.js';
import { isCrossSite, sendPage } from './login-reply.js';
import { startSession } from './login-session.js';
import type { SetupField } from './pages/password-setup-page.js';

export interface SetupContext extends LoginContext {
  setupTokens: PasswordSetupTokens;
}

const text = z.string().max(4096).catch('');
/**
 * Lenient like the sign-in forms: anything odd becomes empty and gets a page, never a JSON problem; loose, as the
 * link may pass through a mail system that adds parameters of its own (service-kit's query guard).
 */
export const setupQuery = z.looseObject({ token: text.optional().default('') });
export const setupBody = z.object({ token: text, password: text, confirmPassword: text });
export type SetupBody = z.output<typeof setupBody>;

export const setupMessages = {
  linkUnusable: 'This link has expired or was already used. Ask an administrator for a new one.',
  accountInactive: 'This account is deactivated. Ask an administrator if you need access again.',
  confirmMissing: 'Enter the password again.',
  confirmMismatch: 'The two passwords do not match.',
} as const;

/** GET /api/login/setup?token=…: the form, or why the link cannot be used. */
export async function showSetup(
  context: SetupContext,
  reply: FastifyReply,
  token: string,
): Promise<FastifyReply> {
  const found = await usableLink(context, token);
  if ('refusal' in found) return refusalPage(context, reply, found.refusal);
  return sendPage(reply, 200, 'passwordSetup', {
    productName: context.productName,
    token,
    email: found.user.email,
  });
}

/**
 * POST /api/login/setup: the password is checked, the link spent (once, even under a double submit), the
 * password stored and recorded, every other session of the account ended, and the owner signed in.
 */
export async function completeSetup(
  context: SetupContext,
  request: FastifyRequest,
  reply: FastifyReply,
  form: SetupBody,
): Promise<FastifyReply> {
  if (isCrossSite(request)) return refusalPage(context, reply, { status: 403, message: messages.crossSite });
  const found = await usableLink(context, form.token);
  if ('refusal' in found) return refusalPage(context, reply, found.refusal);

  const fieldErrors = setupProblems(form);
  if (Object.keys(fieldErrors).length > 0) {
    const view = { productName: context.productName, token: form.token, email: found.user.email };
    return sendPage(reply, 400, 'passwordSetup', { ...view, formError: messages.fixFields, fieldErrors });
  }

  // Hashed before the link is spent: a failure of the slow part leaves the link usable.
  const passwordHash = await hashPassword(form.password);
  const spent = await context.setupTokens.consume(form.token);
  if (spent === null) return refusalPage(context, reply, linkUnusable);
  const { userId } = spent;
  await context.credentials.savePasswordHash(userId, passwordHash);
  await context.directory.recordPasswordSet(userId, 'setup-link');
  const ended = await context.sessions.revokeAllSessions(userId);
  request.log.info({ userId, endedSessions: ended }, 'Password set from a setup link');
  return startSession(request, reply, { ...context, userId, returnTo: '/' });
}

interface Refusal {
  status: number;
  message: string;
}

const linkUnusable: Refusal = { status: 410, message: setupMessages.linkUnusable };

async function usableLink(
  context: SetupContext,
  token: string,
): Promise<{ user: DirectoryUser } | { refusal: Refusal }> {
  const link = await context.setupTokens.peek(token);
  const user = link === null ? null : await context.directory.findUserById(link.userId);
  if (user === null) return { refusal: linkUnusable };
  if (!user.isActive) return { refusal: { status: 410, message: setupMessages.accountInactive } };
  return { user };
}

function setupProblems(form: SetupBody): Partial<Record<SetupField, string>> {
  const errors: Partial<Record<SetupField, string>> = {};
  const problem = passwordProblem(form.password);
  if (problem !== null) errors.password = problem;
  if (form.confirmPassword.length === 0) errors.confirmPassword = setupMessages.confirmMissing;
  else if (problem === null && normalizePassword(form.confirmPassword) !== normalizePassword(form.password)) {
    errors.confirmPassword = setupMessages.confirmMismatch;
  }
  return errors;
}

function refusalPage(context: SetupContext, reply: FastifyReply, refusal: Refusal): FastifyReply {
  return sendPage(reply, refusal.status, 'message', {
    productName: context.productName,
    title: 'Choose your password',
    message: refusal.message,
    link: { href: '/api/login', label: 'Go to sign in' },
  });
}
