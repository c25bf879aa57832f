import { createDecoder, createVerifier } from 'fast-jwt';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { callerOfClaims, identityClaimsSchema, type Caller } from '../identity/caller.js';
import { identityTokenHeader, signIdentityToken } from '../identity/identity-token.js';
import { testIdentitySecret } from './identity-headers.js';

/**
 * Makes `app.inject` do what the gateway does for each request: an unbound test token (identityHeaders without
 * a request) in the headers is replaced by a fresh token for the same caller, bound to the injected method and
 * URL. Bound, forged or expired tokens pass unchanged, so tests of those still see the service refuse them.
 * Only `inject(options)` with a string `url` (or `path`) and an optional `query` is rewritten.
 */
export function bindIdentityOnInject(app: FastifyInstance, secret: string = testIdentitySecret): void {
  const inject = app.inject.bind(app);
  const bound = async (options: InjectOptions) => {
    const token = options.headers?.[identityTokenHeader];
    const target = typeof token === 'string' ? injectedUrl(options) : undefined;
    const caller = target === undefined ? null : unboundCaller(token as string, secret);
    if (target === undefined || caller === null) return inject(options);
    const method = (options.method ?? 'GET').toUpperCase();
    const { path: _path, query: _query, ...rest } = options;
    return inject({
      ...rest,
      url: target,
      headers: {
        ...options.headers,
        [identityTokenHeader]: await signIdentityToken(caller, secret, { method, url: target }),
      },
    });
  };
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    typeof options === 'object' && callback === undefined
      ? bound(options)
      : (inject as (...args: unknown[]) => unknown)(options, callback)) as typeof app.inject;
}

/** The path and query light-my-request will send, fixed here so the token can be bound to exactly that. */
function injectedUrl(options: InjectOptions): string | undefined {
  const raw = options.url ?? options.path;
  if (typeof raw !== 'string') return undefined;
  const url = new URL(raw.startsWith('//') ? `http://localhost${raw}` : raw, 'http://localhost');
  const query = options.query;
  if (typeof query === 'string') {
    const params = new URLSearchParams(query);
    for (const key of new Set(params.keys())) {
      url.searchParams.delete(key);
      for (const value of params.getAll(key)) url.searchParams.append(key, value);
    }
  } else if (query !== undefined) {
    for (const [key, value] of Object.entries(query)) {
      url.searchParams.delete(key);
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
    }
  }
  return url.pathname + url.search;
}

const decode = createDecoder();

/** The caller of a valid token signed with `secret` that carries no request binding; null for anything else. */
function unboundCaller(token: string, secret: string): Caller | null {
  try {
    if ((decode(token) as Record<string, unknown>).htm !== undefined) return null;
    const payload: unknown = createVerifier({ key: secret, algorithms: ['HS256'] })(token);
    return callerOfClaims(identityClaimsSchema.parse(payload));
  } catch {
    return null;
  }
}
