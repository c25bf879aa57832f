// Bundles a deployable (a service or the gateway) into dist/*.cjs. Internal @app/* packages are TypeScript
// source, so they are bundled in; every other package stays external and is loaded from node_modules at run
// time. CommonJS output lets OpenTelemetry's require hooks instrument pg and http without a loader flag.
import { build } from 'esbuild';
import { basename } from 'node:path';

const entryPoints = process.argv.slice(2);
if (entryPoints.length === 0) {
  console.error('usage: build-service.mjs <entry.ts>...');
  process.exit(2);
}

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: Object.fromEntries(entryPoints.map((entry) => [basename(entry, '.ts'), entry])),
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
  define: { 'import.meta.url': 'importMetaUrl' },
  banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
});
