import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The address of a Link header's rel="next", or undefined on the last page. */
export function nextPageOf(link: unknown): string | undefined {
  if (link === undefined) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
  if (!match?.[1]) throw new Error(`not a rel="next" Link: ${String(link)}`);
  return match[1];
}

/** The cursor a page's address carries, or null on the first page. */
export function cursorOf(url: string): string | null {
  return new URL(url, 'http://service.invalid').searchParams.get('cursor');
}

/**
 * Follows rel="next" from `url` as a client would, every page a 200, and answers each page's address and items.
 * `betweenPages` runs after each page but the last, for writes that land while a client is paging.
 */
export async function walkPages<Item>(
  app: Pick<FastifyInstance, 'inject'>,
  url: string,
  headers: Record<string, string>,
  betweenPages: (page: number) => Promise<unknown> = async () => undefined,
) {
  const pages: Array<{ url: string; items: Item[] }> = [];
  for (let next: string | undefined = url; next !== undefined;) {
    const response: LightMyRequestResponse = await app.inject({ method: 'GET', url: next, headers });
    expect(response.statusCode, `${next}: ${response.body}`).toBe(200);
    pages.push({ url: next, items: response.json<Item[]>() });
    next = nextPageOf(response.headers['link']);
    if (pages.length > 100) throw new Error('more than 100 pages: the Link never ends');
    if (next !== undefined) await betweenPages(pages.length);
  }
  return pages;
}
