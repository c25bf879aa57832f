import { readOk, type ErrorMessage } from '../http.js';

/**
 * One page of a list (ARCHITECTURE.md "Decisions for growth"): the items the API answered and the address of the
 * next page, from the answer's `Link: <…>; rel="next"`, or null on the last page. The address is followed as
 * given: it already holds the list's filters and the server's opaque cursor.
 */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** The filters of a list as they go into its address and its query key. */
export type ListParams = Record<string, string | number | boolean | undefined>;

/**
 * The parameters that say something: text trimmed, and empty text or undefined left out, so `{ q: ' ' }` and `{}`
 * ask the same question, share a cache entry and make the same address.
 */
export function meaningfulParams(params: ListParams): Record<string, string | number | boolean> {
  const kept: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(params)) {
    const trimmed = typeof value === 'string' ? value.trim() : value;
    if (trimmed !== undefined && trimmed !== '') kept[name] = trimmed;
  }
  return kept;
}

/** `path?name=value&…` in a fixed (alphabetical) order, without the parameters that say nothing. */
export function listAddress(path: string, params: ListParams = {}): string {
  const kept = meaningfulParams(params);
  const search = new URLSearchParams(
    Object.keys(kept)
      .sort()
      .map((name) => [name, String(kept[name])]),
  ).toString();
  return search === '' ? path : `${path}?${search}`;
}

/** `<target>` and its parameters, each `; name` or `; name=token` or `; name="quoted, text"`. */
const linkValue = /<([^>]*)>((?:\s*;\s*[^\s;,=]+(?:\s*=\s*(?:"[^"]*"|[^\s;,"]*))?)*)/g;

/**
 * The `rel="next"` target of an RFC 8288 Link header. Only a same-origin path is followed: every read sends the
 * session cookie, so an address on another origin is never fetched, whoever put it there.
 */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const [, target = '', params = ''] of header.matchAll(linkValue)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(params);
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (relations.includes('next')) return isSameOriginPath(target) ? target : null;
  }
  return null;
}

function isSameOriginPath(address: string): boolean {
  return address.startsWith('/') && !address.startsWith('//') && !address.includes('\\');
}

/** GET one page: the JSON array and the next page's address. */
export async function readPage<T>(address: string, errorMessage?: ErrorMessage): Promise<Page<T>> {
  const response = await readOk(address, errorMessage);
  const items = (await response.json()) as T[];
  return { items, next: nextLink(response.headers.get('link')) };
}

/**
 * Every page of a list, following `next` to the end. Only for lists bounded by one customer's or one tenant's
 * own data, where a screen shows a figure over all of it (SPEC.md §2: Total Spending, Usage This Month); an
 * address seen before ends the walk rather than loop.
 */
export async function readAllPages<T>(address: string, errorMessage?: ErrorMessage): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let next: string | null = address;
  while (next !== null && !seen.has(next)) {
    seen.add(next);
    const page: Page<T> = await readPage<T>(next, errorMessage);
    items.push(...page.items);
    next = page.next;
  }
  return items;
}
