import { federation } from '@module-federation/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { federationInEveryEnvironment, sharedSingletons } from '../scripts/web/federation.js';

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
 * The host. It names no remotes here: their entries come at run time from /remotes.json
 * (src/federation/remote-config.ts), so one build runs against any deployment of the remotes.
 */
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    devRemotes,
    federation({ name: 'shell', remotes: {}, shared: sharedSingletons, dts: false }),
  ],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: { target: 'es2022' },
});
