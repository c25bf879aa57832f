import { json } from './fetch-stub.js';
import type { RecordedCall, Responder } from './fetch-stub.js';

/** One page as the services answer it: the items, and `Link: <next>; rel="next"` when a next address is given. */
export function pageOf(items: readonly unknown[], next?: string): Response {
  return json(items, next === undefined ? {} : { headers: { link: `<${next}>; rel="next"` } });
}

/**
 * A paged list endpoint as the services serve one (ARCHITECTURE.md "Decisions for growth"): `limit` items
 * (`defaultLimit`, 50 unless a test wants fewer requests, when absent) from where the cursor points, and while more remain a Link rel="next" to the same address with
 * the next cursor. `items` may read the request's filters. The cursor (`at{position}`) is as opaque to the client
 * as the services' keyset cursors are.
 */
export function pagedList<T>(
  items: readonly T[] | ((query: URLSearchParams) => readonly T[]),
  { defaultLimit = 50 }: { defaultLimit?: number } = {},
): Responder {
  return (call: RecordedCall) => {
    const address = new URL(call.url, 'http://app.test');
    const query = address.searchParams;
    const all = typeof items === 'function' ? items(query) : items;
    const limit = Number(query.get('limit') ?? defaultLimit);
    const cursor = query.get('cursor');
    const start = cursor === null ? 0 : Number(cursor.replace(/^at/, ''));
    const end = start + limit;
    if (end >= all.length) return pageOf(all.slice(start));
    query.set('cursor', `at${end}`);
    return pageOf(all.slice(start, end), `${address.pathname}${address.search}`);
  };
}
