import { extname } from 'node:path';

/** Vite puts content-hashed files under assets/: a new build gives them new names, so they never change. */
export const immutableCache = 'public, max-age=31536000, immutable';
/** Everything else (index.html, remoteEntry.js) is revalidated on every use, so a deployment shows at once. */
export const revalidate = 'no-cache';

export function cacheControlFor(path: string): string {
  return path.startsWith('assets/') ? immutableCache : revalidate;
}

/**
 * A path the browser asks for as a page of the single-page app (`/catalog`, `/tenant-details/42`) rather than a
 * file: a GET that accepts HTML and whose last segment has no extension. Those get index.html; a missing file
 * gets a real 404, so a broken asset link never turns into an HTML page parsed as JavaScript.
 */
export function isClientRoute(path: string, accept: string | undefined): boolean {
  return extname(path) === '' && (accept ?? '').includes('text/html');
}
