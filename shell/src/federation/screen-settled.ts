import type { QueryClient } from '@app/query';
import { prefetchRouteCode } from './route-prefetch.js';

/**
 * Resolves once the current screen has what it loads first: its code, then every read under way (its own, which
 * it starts as it mounts, among them). What is started ahead after that takes nothing from it (issue 22).
 */
export async function currentScreenSettled(client: QueryClient, pathname: string): Promise<void> {
  await prefetchRouteCode(pathname);
  // The screen mounts with its code, and its effects start its own reads: let them start first.
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (client.isFetching() === 0) return;
  await new Promise<void>((resolve) => {
    const stop = client.getQueryCache().subscribe(() => {
      if (client.isFetching() > 0) return;
      stop();
      resolve();
    });
  });
}
