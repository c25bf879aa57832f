/**
 * What `npm start` runs, in start order. Each later issue adds its service here: its built entry, the
 * environment variable the gateway reads its address from, and an optional seed script. Services listen on
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
];

export const gatewayEntry = 'gateway/dist/server.cjs';
