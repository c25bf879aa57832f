import type { ComponentType } from 'react';
import { AdminDashboardPage } from './screens/admin-dashboard/admin-dashboard-page.js';
import { AdminPortalPage } from './screens/admin-portal/admin-portal-page.js';
import { ProductDetailsPage } from './screens/product-details/product-details-page.js';
import { TenantDetailsPage } from './screens/tenant-details/tenant-details-page.js';
import { TenantMonitoringPage } from './screens/tenant-monitoring/tenant-monitoring-page.js';
import { UserDetailsPage } from './screens/user-details/user-details-page.js';

/**
 * The screens the shell mounts on its admin routes (shell/src/routes.tsx names them). The other admin screens
 * arrive with the next issues; until then the shell reports each as not provided.
 */
export const screens: Record<string, ComponentType> = {
  'admin-dashboard': AdminDashboardPage,
  'admin-portal': AdminPortalPage,
  'product-details': ProductDetailsPage,
  'user-details': UserDetailsPage,
  'tenant-details': TenantDetailsPage,
  'tenant-monitoring': TenantMonitoringPage,
};

/** The paths these screens have in the shell, for running this remote standalone. */
export const standalonePaths: Record<string, string> = {
  'admin-dashboard': '/admin',
  'admin-portal': '/admin-portal',
  'product-details': '/product-details/:id',
  'user-details': '/user-details/:id',
  'tenant-details': '/tenant-details/:id',
  'tenant-monitoring': '/tenant-monitoring/:tenantId',
};
