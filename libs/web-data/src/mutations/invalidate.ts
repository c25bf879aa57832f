import type { QueryClient, QueryKey } from '@app/query';

/**
 * Refreshes every query under the given key prefixes. Returned from `onSuccess`, so the mutation stays pending
 * until the refreshed lists have arrived: a dialog closes onto the new data, not the old.
 */
export function invalidate(client: QueryClient, ...prefixes: readonly QueryKey[]): Promise<unknown> {
  return Promise.all(prefixes.map((queryKey) => client.invalidateQueries({ queryKey })));
}
