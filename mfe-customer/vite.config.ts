import { federation } from '@module-federation/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remoteChunkGroups } from '../scripts/web/chunks.js';
import {
  federationInEveryEnvironment,
  remoteRuntimeOptions,
  sharedSingletons,
} from '../scripts/web/federation.js';
import { precompressAssets } from '../scripts/web/precompress.js';
import { writeScreenChunks } from '../scripts/web/screen-chunks.js';

federationInEveryEnvironment();

/**
 * A remote of the shell, exposing its screens as `./routes`. Served under /remotes/mfe-customer/ by the gateway;
 * `vite dev` runs it standalone on its own port with the API proxied to a running gateway.
 */
export default defineConfig({
  base: '/remotes/mfe-customer/',
  plugins: [
    react(),
    tailwindcss(),
    precompressAssets(),
    // Which files each screen loads, for the gateway's hints in the page of its route.
    writeScreenChunks('remoteEntry.js'),
    federation({
      name: 'mfe_customer',
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/routes.ts' },
      shared: sharedSingletons,
      dts: false,
      ...remoteRuntimeOptions,
    }),
  ],
  server: {
    port: 5174,
    strictPort: true,
    origin: 'http://localhost:5174',
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    rolldownOptions: { output: { codeSplitting: { groups: [...remoteChunkGroups] } } },
  },
});
