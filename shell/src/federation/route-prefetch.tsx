import { useQueryClient, type QueryClient } from '@app/query';
import { matchPath, useLocation } from '@app/routing';
import {
  currentUserQuery,
  prefetchScreenReads,
  productCategoriesQuery,
  productListQuery,
} from '@app/web-data';
import { useEffect } from 'react';
import { allCategories, catalogQuery } from '../pages/catalog/catalog-filters.js';
import { loadScreen } from './load-screen.js';
import { remoteRoutes } from './remote-routes.js';

/**
 * At each navigation, starts what the route's screen needs at once (issue 22): a remote screen's code (the
 * remote's entry, its routes and the screen's chunk) and, once the current user is known, its first reads; the
 * catalogue's first page and categories beside its chunk. All side by side, rather than the code after the
 * sign-in check and the data after the screen has mounted. A load that fails is the screen's to show, with Retry
 * (load-screen.ts keeps the failure until then; the query cache keeps a failed read's error).
 */
export function prefetchRoute(client: QueryClient, pathname: string): void {
  if (matchPath('/catalog', pathname)) {
    void client.prefetchInfiniteQuery(
      productListQuery(catalogQuery({ search: '', category: allCategories })),
    );
    void client.prefetchQuery(productCategoriesQuery());
    return;
  }
  const route = remoteRoutes.find(({ path }) => matchPath(path, pathname) !== null);
  if (!route) return;
  loadScreen(route.remote, route.screen).catch(() => undefined);
  client
    .ensureQueryData(currentUserQuery())
    .then((user) => prefetchScreenReads(client, route.screen, user))
    .catch(() => undefined);
}

export function RoutePrefetch() {
  const client = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => prefetchRoute(client, pathname), [client, pathname]);
  return null;
}
