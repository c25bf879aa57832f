// Bundles a deployable (a service or the gateway) into dist/*.cjs. Run from the package's folder:
//   node ../../scripts/build-service.mjs src/server.ts [more entries]
// Internal @app/* packages are TypeScript source, so they are bundled in; every other package stays external and
// is loaded from node_modules at run time. CommonJS output lets OpenTelemetry's require hooks instrument pg and
// http without a loader flag. npm may install a workspace library's dependency in that library's own
// node_modules, where Node cannot find it from dist/: such an import is pointed at the installed file by a path
// relative to dist/.
import { rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { basename, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

const entryPoints = process.argv.slice(2);
if (entryPoints.length === 0) {
  console.error('usage: build-service.mjs <entry.ts>...');
  process.exit(2);
}
const outdir = resolve('dist');
const resolving = Symbol('resolving');

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === resolving || args.kind === 'entry-point' || args.path.startsWith('@app/')) {
        return undefined;
      }
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const found = await builder.resolve(args.path, {
        // The output is CommonJS: pick the files Node's require() would load.
        kind: 'require-call',
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: resolving,
      });
      if (found.errors.length > 0) return { errors: found.errors };
      // The folder holding the node_modules the package was found in: Node searches it from dist/ only when it
      // is dist/ itself or one of its ancestors.
      const owner = found.path.slice(0, found.path.lastIndexOf(`${sep}node_modules${sep}`));
      if (outdir === owner || outdir.startsWith(`${owner}${sep}`)) return { path: args.path, external: true };
      return { path: `./${relative(outdir, found.path).split(sep).join('/')}`, external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: Object.fromEntries(entryPoints.map((entry) => [basename(entry, '.ts'), entry])),
  outdir,
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
