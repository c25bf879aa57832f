import type { ComponentType } from 'react';
import { AnalyticsPage } from './screens/analytics/analytics-page.js';
import { BillingPage } from './screens/billing/billing-page.js';
import { CheckoutPage } from './screens/checkout/checkout-page.js';
import { DashboardPage } from './screens/dashboard/dashboard-page.js';
import { InvoicePage } from './screens/invoice/invoice-page.js';
import { SettingsPage } from './screens/settings/settings-page.js';

/** The screens the shell mounts on its signed-in routes (shell/src/routes.tsx names them). */
export const screens: Record<string, ComponentType> = {
  analytics: AnalyticsPage,
  billing: BillingPage,
  checkout: CheckoutPage,
  dashboard: DashboardPage,
  invoice: InvoicePage,
  settings: SettingsPage,
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
