import { federation } from '@module-federation/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { hostChunkGroups } from '../scripts/web/chunks.js';
import {
  federationInEveryEnvironment,
  hostRuntimeOptions,
  sharedSingletons,
} from '../scripts/web/federation.js';
import { precompressAssets } from '../scripts/web/precompress.js';
import { writeShellChunks } from '../scripts/web/shell-chunks.js';
import { hostStartupChunks, preloadStartupChunks } from '../scripts/web/startup-preloads.js';
import { remoteRoutes, remotesByFirstSegment } from './src/federation/remote-routes.js';
import { readsBySegment } from './src/federation/route-reads.js';

federationInEveryEnvironment();

/** In `vite dev` the remotes run on their own dev servers; in production the gateway answers /remotes.json. */
const devRemotes: Plugin = {
  name: 'dev-remotes-config',
  configureServer(server) {
    server.middlewares.use('/remotes.json', (_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          remotes: [
            { name: 'mfe_customer', entry: 'http://localhost:5174/remotes/mfe-customer/remoteEntry.js' },
            { name: 'mfe_admin', entry: 'http://localhost:5175/remotes/mfe-admin/remoteEntry.js' },
          ],
        }),
      );
    });
  },
};

/**
 * Which remote and screens each first path segment belongs to, and the reads its screens start, for the gateway's
 * hints (gateway index-page.ts).
 */
const routeFiles: Plugin = {
  name: 'route-files',
  apply: 'build',
  generateBundle() {
    const segments = remotesByFirstSegment(remoteRoutes);
    this.emitFile({ type: 'asset', fileName: 'remote-routes.json', source: JSON.stringify(segments) });
    this.emitFile({
      type: 'asset',
      fileName: 'route-reads.json',
      source: JSON.stringify(readsBySegment(segments)),
    });
  },
};

/**
 * The shell's lazily loaded modules each route's first screen needs (route-views.ts, layout/site-header.tsx,
 * federation/route-prefetch.tsx): the catalogue's page, and under a remote's route the part that shows its
 * screen, the signed-in bar and what starts the screen's code and first reads.
 */
const remoteFrame = [
  'src/federation/remote-screen.tsx',
  'src/layout/navigation-bar.tsx',
  'src/federation/remote-start.ts',
];
const routeModules = {
  catalog: ['src/pages/catalog/catalog-page.tsx'],
  ...Object.fromEntries(
    Object.keys(remotesByFirstSegment(remoteRoutes)).map((segment) => [segment, remoteFrame]),
  ),
};

/**
 * The host. It names no remotes here: their entries come at run time from /remotes.json
 * (src/federation/remote-config.ts), so one build runs against any deployment of the remotes.
 */
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    precompressAssets(),
    devRemotes,
    routeFiles,
    writeShellChunks(routeModules),
    preloadStartupChunks(hostStartupChunks),
    // Under assets/ with its hash, so the gateway serves it immutable like the other chunks.
    federation({
      name: 'shell',
      filename: 'assets/remoteEntry-[hash].js',
      remotes: {},
      shared: sharedSingletons,
      dts: false,
      ...hostRuntimeOptions,
    }),
  ],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    target: 'es2022',
    // Every browser the app supports preloads modules itself; the polyfill was only weight in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [...hostChunkGroups] } } },
  },
});
