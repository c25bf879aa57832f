import type { ComponentType } from 'react';

/**
 * The screens the shell mounts on its signed-in routes (shell/src/routes.tsx names them), each loaded when first
 * opened: the analytics charts, for one, are no part of the dashboard's download.
 */
export const screens: Record<string, () => Promise<ComponentType>> = {
  analytics: () => import('./screens/analytics/analytics-page.js').then((module) => module.AnalyticsPage),
  billing: () => import('./screens/billing/billing-page.js').then((module) => module.BillingPage),
  checkout: () => import('./screens/checkout/checkout-page.js').then((module) => module.CheckoutPage),
  dashboard: () => import('./screens/dashboard/dashboard-page.js').then((module) => module.DashboardPage),
  invoice: () => import('./screens/invoice/invoice-page.js').then((module) => module.InvoicePage),
  settings: () => import('./screens/settings/settings-page.js').then((module) => module.SettingsPage),
};

/** The paths these screens have in the shell, for running this remote standalone. */
export const standalonePaths: Record<string, string> = {
  analytics: '/analytics',
  billing: '/billing',
  checkout: '/checkout',
  dashboard: '/dashboard',
  invoice: '/billing/invoices/:invoiceId',
  settings: '/settings',
};
