import type { ComponentType } from 'react';
import { AdminDashboardPage } from './screens/admin-dashboard/admin-dashboard-page.js';

/**
 * The screens the shell mounts on its admin routes (shell/src/routes.tsx names them). The other admin screens
 * arrive with the next issues; until then the shell reports each as not provided.
 */
export const screens: Record<string, ComponentType> = {
  'admin-dashboard': AdminDashboardPage,
};

/** The paths these screens have in the shell, for running this remote standalone. */
export const standalonePaths: Record<string, string> = {
  'admin-dashboard': '/admin',
};
