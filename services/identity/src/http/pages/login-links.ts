export type LoginMode = 'sign-in' | 'sign-up';

/** The sign-in page in one mode, carrying returnTo along unless it is the default. */
export function loginHref(mode: LoginMode, returnTo: string): string {
  const query = new URLSearchParams();
  if (mode === 'sign-up') query.set('mode', mode);
  if (returnTo !== '/') query.set('returnTo', returnTo);
  const search = query.toString();
  return search === '' ? '/api/login' : `/api/login?${search}`;
}

/** The start of single sign-on, carrying returnTo along unless it is the default. */
export function singleSignOnHref(returnTo: string): string {
  const query = returnTo === '/' ? '' : `?${new URLSearchParams({ returnTo }).toString()}`;
  return `/api/login/oidc${query}`;
}
