import { useQueryClient, type QueryClient } from '@app/query';
import { matchPath, useLocation } from '@app/routing';
import { currentUserQuery, productCategoriesQuery, productListQuery } from '@app/web-data';
import { useEffect } from 'react';
import { navigationBar } from '../layout/site-header.js';
import { allCategories, catalogQuery } from '../pages/catalog/catalog-filters.js';
import { catalogPage, remoteScreen } from '../route-views.js';
import { remoteRoutes, type RemoteRoute } from './remote-routes.js';

const remoteStart = () => import('./remote-start.js');

const isCatalog = (pathname: string) => matchPath('/catalog', pathname) !== null;
const remoteRouteOf = (pathname: string): RemoteRoute | undefined =>
  remoteRoutes.find(({ path }) => matchPath(path, pathname) !== null);

/**
 * Starts the code of the route's screen: a remote screen's (the remote's entry, its routes and the screen's
 * chunk, the shell's part that shows it and the signed-in bar above it), or the catalogue's chunk. Settles once
 * all of it has, either way: a load that fails is the screen's to show, with Retry (load-screen.ts keeps the
 * failure until then).
 */
export function prefetchRouteCode(pathname: string): Promise<void> {
  const loads: Array<Promise<unknown>> = [];
  if (isCatalog(pathname)) loads.push(catalogPage.preload());
  const route = remoteRouteOf(pathname);
  if (route) {
    loads.push(
      remoteStart().then(({ loadScreen }) => loadScreen(route.remote, route.screen)),
      remoteScreen.preload(),
      navigationBar.preload(),
    );
  }
  return Promise.allSettled(loads).then(() => undefined);
}

/**
 * Everything the route's screen needs at once (issue 22): its code and its first reads side by side, rather than
 * the code after the sign-in check and the data after the screen has mounted. A remote screen's reads wait for
 * the current user (only a user allowed to read them starts them); the catalogue's first page and categories are
 * anyone's. Settles once the reads have; a failed read stays in the query cache for the screen to show.
 */
export async function prefetchRoute(client: QueryClient, pathname: string): Promise<void> {
  void prefetchRouteCode(pathname);
  if (isCatalog(pathname)) {
    await Promise.all([
      client.prefetchInfiniteQuery(productListQuery(catalogQuery({ search: '', category: allCategories }))),
      client.prefetchQuery(productCategoriesQuery()),
    ]);
    return;
  }
  const route = remoteRouteOf(pathname);
  if (!route) return;
  const [user, { prefetchScreenReads }] = await Promise.all([
    client.ensureQueryData(currentUserQuery()).catch(() => null),
    remoteStart(),
  ]);
  await prefetchScreenReads(client, route.screen, user);
}

/** At each navigation, the new route's code and reads. */
export function RoutePrefetch() {
  const client = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    prefetchRoute(client, pathname).catch(() => undefined);
  }, [client, pathname]);
  return null;
}
