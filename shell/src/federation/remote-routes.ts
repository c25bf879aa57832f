import type { RemoteName } from './remote-config.js';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  screen: string;
  /** Who the shell lets through; the services enforce access again on every call. */
  access: 'signed-in' | 'admin';
}

/**
 * SPEC.md §2's route table: customer screens come from mfe-customer, admin screens from mfe-admin. The Admin
 * Portal lets every signed-in user in because it answers a non-admin itself, with its Access Denied card
 * (SPEC.md §6); the other admin routes redirect non-admins. The build also writes which remote and screens each
 * first path segment belongs to (remote-routes.json, vite.config.ts), so the gateway can hint that remote's
 * entry and the screens' files in the HTML of the route.
 */
export const remoteRoutes: readonly RemoteRoute[] = [
  { path: '/dashboard', remote: 'mfe_customer', screen: 'dashboard', access: 'signed-in' },
  { path: '/checkout/:productId?', remote: 'mfe_customer', screen: 'checkout', access: 'signed-in' },
  { path: '/analytics', remote: 'mfe_customer', screen: 'analytics', access: 'signed-in' },
  { path: '/billing', remote: 'mfe_customer', screen: 'billing', access: 'signed-in' },
  { path: '/billing/invoices/:invoiceId', remote: 'mfe_customer', screen: 'invoice', access: 'signed-in' },
  { path: '/settings', remote: 'mfe_customer', screen: 'settings', access: 'signed-in' },
  { path: '/admin', remote: 'mfe_admin', screen: 'admin-dashboard', access: 'admin' },
  { path: '/admin-portal', remote: 'mfe_admin', screen: 'admin-portal', access: 'signed-in' },
  { path: '/tenant-details/:id', remote: 'mfe_admin', screen: 'tenant-details', access: 'admin' },
  { path: '/tenant-monitoring/:tenantId', remote: 'mfe_admin', screen: 'tenant-monitoring', access: 'admin' },
  { path: '/product-details/:id', remote: 'mfe_admin', screen: 'product-details', access: 'admin' },
  { path: '/user-details/:id', remote: 'mfe_admin', screen: 'user-details', access: 'admin' },
  { path: '/admin-activity', remote: 'mfe_admin', screen: 'activity', access: 'admin' },
];

/** The remote behind the paths under a first segment, and its screens there (`billing`: billing and invoice). */
export interface SegmentScreens {
  remote: RemoteName;
  screens: string[];
}

/** Which remote serves the paths under each first segment (`dashboard` → mfe_customer); throws on a clash. */
export function remotesByFirstSegment(routes: readonly RemoteRoute[]): Record<string, SegmentScreens> {
  const bySegment: Record<string, SegmentScreens> = {};
  for (const route of routes) {
    const segment = route.path.split('/')[1] ?? '';
    const known = bySegment[segment];
    if (known !== undefined && known.remote !== route.remote)
      throw new Error(`/${segment} is served by both ${known.remote} and ${route.remote}`);
    bySegment[segment] = { remote: route.remote, screens: [...(known?.screens ?? []), route.screen] };
  }
  return bySegment;
}
