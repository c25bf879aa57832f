import { expect } from 'vitest';
import type { IdentityHarness } from './identity-harness.js';

/** The address of a Link header's rel="next", or undefined on the last page. */
export function nextPageOf(link: unknown): string | undefined {
  if (link === undefined) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
  if (!match?.[1]) throw new Error(`not a rel="next" Link: ${String(link)}`);
  return match[1];
}

/** Follows rel="next" from `url` as a client would, every page a 200, and answers each page's address and items. */
export async function walkPages<Item>(
  identity: IdentityHarness,
  url: string,
  headers: Record<string, string>,
) {
  const pages: Array<{ url: string; items: Item[] }> = [];
  for (let next: string | undefined = url; next !== undefined;) {
    const response = await identity.app.inject({ method: 'GET', url: next, headers });
    expect(response.statusCode, next).toBe(200);
    pages.push({ url: next, items: response.json<Item[]>() });
    next = nextPageOf(response.headers['link']);
    if (pages.length > 100) throw new Error('more than 100 pages: the Link never ends');
  }
  return pages;
}
