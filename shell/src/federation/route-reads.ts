import type { SegmentScreens } from './remote-routes.js';

/**
 * The first request of each read a screen starts at navigation (route-prefetch.tsx, and web-data's
 * screen-reads.ts for the remote screens), by screen. The shell's build writes them per first path segment into
 * route-reads.json, and the gateway preloads them in the segment's page (issue 22), so the data travels with the
 * screen's code instead of after it. test/route-prefetch.test.ts holds them to what the prefetch asks for; a
 * read hinted for someone not allowed it (a visitor's preload of the dashboard's) is answered 401 and not used.
 */
export const screenReadAddresses: Readonly<Record<string, readonly string[]>> = {
  catalog: ['/api/products?isActive=true', '/api/products/categories'],
  dashboard: ['/api/subscriptions?limit=200', '/api/invoices?limit=200', '/api/usage?limit=200'],
  'admin-dashboard': [
    '/api/admin/tenants/summary',
    '/api/admin/products/summary',
    '/api/admin/tenants?limit=10',
    '/api/products',
  ],
  'admin-portal': [
    '/api/admin/users/summary',
    '/api/admin/tenants/summary',
    '/api/admin/products/summary',
    '/api/admin/users',
  ],
};

/** The catalogue's first reads under /catalog and each remote segment's screens' reads, for route-reads.json. */
export function readsBySegment(segments: Readonly<Record<string, SegmentScreens>>): Record<string, string[]> {
  const reads: Record<string, string[]> = { catalog: [...(screenReadAddresses.catalog ?? [])] };
  for (const [segment, { screens }] of Object.entries(segments)) {
    const addresses = screens.flatMap((screen) => screenReadAddresses[screen] ?? []);
    if (addresses.length > 0) reads[segment] = [...new Set(addresses)];
  }
  return reads;
}
