import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthorizationResponseError } from 'openid-client';
import { accountForOidc, type OidcRefusal } from '../oidc/oidc-accounts.js';
import type { OidcClient } from '../oidc/oidc-client.js';
import {
  oidcFlowCookieName,
  oidcFlowCookiePath,
  oidcFlowMaxAgeSeconds,
  type OidcFlowSealer,
} from '../oidc/oidc-flow-cookie.js';
import type { OidcIdentities } from '../oidc/oidc-identities.js';
import { isTlsRequest } from '../sessions/session-cookie.js';
import type { LoginContext } from './login-context.js';
import { sendPage } from './login-reply.js';
import { safeReturnTo } from './login-return-to.js';
import { startSession } from './login-session.js';

export interface OidcContext extends LoginContext {
  oidc: OidcClient;
  sealer: OidcFlowSealer;
  identities: OidcIdentities;
}

export function oidcMessages(provider: string) {
  return {
    unavailable: `Sign-in with ${provider} is not available right now. Try again later, or sign in with your password.`,
    flowLost: 'This sign-in attempt has expired or did not start in this browser. Please start again.',
    cancelled: `Sign-in with ${provider} was cancelled.`,
    failed: `We could not complete sign-in with ${provider}. Please try again.`,
    refusals: {
      'email-unverified': `Your ${provider} account has no verified email address, so we cannot sign you in with it. Verify your email address with ${provider} first, or sign in with your password.`,
      'email-unusable': `The email address of your ${provider} account cannot be used here. Sign in with your password, or ask an administrator.`,
      'account-inactive': 'This account is deactivated. Ask an administrator if you need access again.',
      'linked-elsewhere': `An account with this email address is already linked to a different ${provider} identity. Sign in with that one, or with your password.`,
    } satisfies Record<OidcRefusal, string>,
  };
}

/** GET /api/login/oidc: to the provider, with the flow sealed into a short-lived cookie. */
export async function startOidc(
  context: OidcContext,
  request: FastifyRequest,
  reply: FastifyReply,
  returnToInput: unknown,
): Promise<FastifyReply> {
  let started: Awaited<ReturnType<OidcClient['start']>>;
  try {
    started = await context.oidc.start(safeReturnTo(returnToInput));
  } catch (error) {
    request.log.error({ err: error }, 'OpenID Connect provider unreachable');
    return page(context, reply, 503, oidcMessages(context.oidc.providerName).unavailable);
  }
  reply.setCookie(oidcFlowCookieName, context.sealer.seal(started.flow), {
    ...flowCookieOptions(context, request),
    maxAge: oidcFlowMaxAgeSeconds,
  });
  return reply.header('cache-control', 'no-store').redirect(started.authorizationUrl.href, 303);
}

/**
 * GET /api/login/oidc/callback: the provider sends the browser back here. The sealed flow must come with it (the
 * same browser), the code is redeemed with its PKCE verifier, and the person's account is found, linked or
 * created; then a session as after any sign-in. The flow cookie is spent whatever the outcome.
 */
export async function finishOidc(
  context: OidcContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const text = oidcMessages(context.oidc.providerName);
  const flow = context.sealer.open(request.cookies[oidcFlowCookieName]);
  reply.clearCookie(oidcFlowCookieName, flowCookieOptions(context, request));
  if (flow === null) return page(context, reply, 400, text.flowLost);

  let claims: Awaited<ReturnType<OidcClient['finish']>>;
  try {
    claims = await context.oidc.finish(queryOf(request.url), flow);
  } catch (error) {
    if (error instanceof AuthorizationResponseError && error.error === 'access_denied') {
      return page(context, reply, 400, text.cancelled);
    }
    request.log.warn({ err: error }, 'OpenID Connect sign-in failed');
    return page(context, reply, 400, text.failed);
  }

  const account = await accountForOidc(context, claims);
  if ('refused' in account) {
    request.log.info({ reason: account.refused, issuer: claims.issuer }, 'OpenID Connect sign-in refused');
    return page(context, reply, 403, text.refusals[account.refused]);
  }
  if (account.created) request.log.info({ userId: account.userId }, 'Account created by OpenID Connect');
  return startSession(request, reply, { ...context, userId: account.userId, returnTo: flow.returnTo });
}

function flowCookieOptions(context: OidcContext, request: FastifyRequest) {
  return {
    httpOnly: true,
    // Lax: the provider brings the browser back with a top-level GET, which carries Lax cookies.
    sameSite: 'lax' as const,
    secure: context.cookieSecure === 'auto' ? isTlsRequest(request) : context.cookieSecure,
    path: oidcFlowCookiePath,
  };
}

function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
}

function page(context: OidcContext, reply: FastifyReply, status: number, message: string): FastifyReply {
  return sendPage(reply, status, 'message', {
    productName: context.productName,
    title: 'Sign in',
    message,
    link: { href: '/api/login', label: 'Back to sign in' },
  });
}
