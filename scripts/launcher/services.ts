import { join } from 'node:path';
import { demoMetricsKeys } from '@app/demo-fixtures';

/**
 * What `npm start` runs, in start order: each service's built entry, the environment variable the gateway reads
 * its address from, and an optional seed script. Services listen on
 * SERVICES_BASE_PORT, SERVICES_BASE_PORT + 1, … in this order.
 */
export interface LaunchedService {
  name: string;
  entry: string;
  gatewayUrlVariable: string;
  /**
   * Run to completion once the service is ready and before the next one starts, with the service's
   * environment: it may wait on what the running service keeps (tenancy's seed waits for its copy of the
   * catalogue, which the services started earlier have published).
   */
  seed?: string;
}

export const services: readonly LaunchedService[] = [
  {
    name: 'catalog',
    entry: 'services/catalog/dist/server.cjs',
    seed: 'services/catalog/dist/seed.cjs',
    gatewayUrlVariable: 'CATALOG_URL',
  },
  {
    name: 'identity',
    entry: 'services/identity/dist/server.cjs',
    seed: 'services/identity/dist/seed.cjs',
    gatewayUrlVariable: 'IDENTITY_URL',
  },
  {
    name: 'tenancy',
    entry: 'services/tenancy/dist/server.cjs',
    seed: 'services/tenancy/dist/seed.cjs',
    gatewayUrlVariable: 'TENANCY_URL',
  },
  {
    name: 'billing',
    entry: 'services/billing/dist/server.cjs',
    seed: 'services/billing/dist/seed.cjs',
    gatewayUrlVariable: 'BILLING_URL',
  },
  {
    name: 'monitoring',
    entry: 'services/monitoring/dist/server.cjs',
    gatewayUrlVariable: 'MONITORING_URL',
  },
  {
    name: 'notifications',
    entry: 'services/notifications/dist/server.cjs',
    gatewayUrlVariable: 'NOTIFICATIONS_URL',
  },
  // Last: it consumes every other service's audit entries, on streams they have made by then.
  {
    name: 'audit',
    entry: 'services/audit/dist/server.cjs',
    gatewayUrlVariable: 'AUDIT_URL',
  },
];

/** The demo tenant app the demo subscriptions point at: not a platform service, started first. */
export const demoTenantApp = {
  name: 'demo-tenant-app',
  entry: 'demo/tenant-app/dist/server.cjs',
  /** It answers each demo subscription's metrics key. */
  metricsKeys: demoMetricsKeys,
};

export const gatewayEntry = 'gateway/dist/server.cjs';

/**
 * The built front end the gateway serves (its WEB_ROOT and WEB_REMOTES): the shell and each remote, from the
 * checkout `root`, as `npm run build` leaves them.
 */
export function webApps(root: string): { WEB_ROOT: string; WEB_REMOTES: string } {
  const remotes = ['mfe-customer', 'mfe-admin'].map((name) => `${name}=${join(root, name, 'dist')}`);
  return { WEB_ROOT: join(root, 'shell', 'dist'), WEB_REMOTES: remotes.join(',') };
}
