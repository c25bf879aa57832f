/** Where a sign-in goes when no (acceptable) returnTo came: the home page. */
export const defaultReturnTo = '/';

const maxLength = 2048;
const origin = 'https://return-to.invalid';

/**
 * Only a path on this site: one leading '/', not '//' or '/\' (browsers read both as another host), no
 * backslash, no control characters or whitespace (browsers strip tab and newline, turning '/\t/evil' into
 * '//evil'), and it must still resolve to our own origin. The sign-in and sign-out routes themselves are refused
 * too, so a sign-in never lands back on the form or signs the user straight out. Anything else: '/'.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength) return defaultReturnTo;
  if (!value.startsWith('/') || value.startsWith('//')) return defaultReturnTo;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being refused
  if (/[\\\s\u0000-\u001f\u007f-\u009f]/.test(value)) return defaultReturnTo;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return defaultReturnTo;
  }
  if (url.origin !== origin) return defaultReturnTo;
  if (/^\/api\/log(in|out)(\/|$)/i.test(url.pathname)) return defaultReturnTo;
  return value;
}
