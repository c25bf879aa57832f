/**
 * What `npm start` runs, in start order. Each later issue adds its service here: its built entry, its port on
 * this machine, the environment variable the gateway reads its address from, and an optional seed script.
 */
export interface LaunchedService {
  name: string;
  entry: string;
  port: number;
  gatewayUrlVariable: string;
  seed?: string;
}

export const services: readonly LaunchedService[] = [
  {
    name: 'catalog',
    entry: 'services/catalog/dist/server.cjs',
    seed: 'services/catalog/dist/seed.cjs',
    port: 3001,
    gatewayUrlVariable: 'CATALOG_URL',
  },
];

export const gatewayEntry = 'gateway/dist/server.cjs';
