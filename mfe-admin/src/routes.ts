import type { ComponentType } from 'react';

/**
 * The screens the shell mounts on its admin routes (shell/src/routes.tsx names them), each loaded when first
 * opened: the tenant monitoring's charts, for one, are no part of the portal's download.
 */
export const screens: Record<string, () => Promise<ComponentType>> = {
  'admin-dashboard': () =>
    import('./screens/admin-dashboard/admin-dashboard-page.js').then((module) => module.AdminDashboardPage),
  'admin-portal': () =>
    import('./screens/admin-portal/admin-portal-page.js').then((module) => module.AdminPortalPage),
  'product-details': () =>
    import('./screens/product-details/product-details-page.js').then((module) => module.ProductDetailsPage),
  'user-details': () =>
    import('./screens/user-details/user-details-page.js').then((module) => module.UserDetailsPage),
  'tenant-details': () =>
    import('./screens/tenant-details/tenant-details-page.js').then((module) => module.TenantDetailsPage),
  'tenant-monitoring': () =>
    import('./screens/tenant-monitoring/tenant-monitoring-page.js').then(
      (module) => module.TenantMonitoringPage,
    ),
  activity: () => import('./screens/activity/activity-page.js').then((module) => module.ActivityPage),
};

/** The paths these screens have in the shell, for running this remote standalone. */
export const standalonePaths: Record<string, string> = {
  'admin-dashboard': '/admin',
  'admin-portal': '/admin-portal',
  'product-details': '/product-details/:id',
  'user-details': '/user-details/:id',
  'tenant-details': '/tenant-details/:id',
  'tenant-monitoring': '/tenant-monitoring/:tenantId',
  activity: '/admin-activity',
};
