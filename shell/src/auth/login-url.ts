import { signInPath } from '@app/web-data';

/** Identity's sign-in page, asked to come back to where the visitor was going (its `returnTo` parameter). */
export function loginUrl(returnTo?: string): string {
  if (returnTo === undefined || returnTo === '/') return signInPath;
  return `${signInPath}?${new URLSearchParams({ returnTo }).toString()}`;
}
