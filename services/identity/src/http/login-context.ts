import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CredentialStore } from '../credentials/credential-store.js';
import type { LoginThrottle } from '../sessions/login-throttle.js';
import type { CookieSecure } from '../sessions/session-cookie.js';
import type { SessionStore } from '../sessions/session-store.js';
import type { UserDirectory } from '../sessions/user-directory.js';

/** Everything the sign-in, sign-up and password-setup handlers use, resolved once when the plugin registers. */
export interface LoginContext {
  directory: UserDirectory;
  credentials: CredentialStore;
  sessions: SessionStore;
  throttle: LoginThrottle;
  cookieSecure: CookieSecure;
  productName: string;
  /** Signing out leaves an admin's view as a customer too (view-as.routes.ts leaveView). */
  leaveView?: ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | undefined;
  /** Set when OpenID Connect is configured: the pages offer "Sign in with <providerName>". */
  singleSignOn?: { providerName: string } | undefined;
}
