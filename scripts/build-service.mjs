// Bundles a deployable (a service or the gateway) into dist/*.cjs. Run from the package's folder:
//   node ../../scripts/build-service.mjs src/server.ts [more entries]
//   node ../../scripts/build-service.mjs --service [--command <name>]...
// With --service the entries are generated from an event-sourced service's descriptor (src/service.ts) and
// environment (src/config.ts): dist/server.cjs, dist/seed.cjs, dist/rebuild.cjs and dist/<name>.cjs for each
// further command it declares, all run by @app/service-kit/entry.
// Internal @app/* packages are TypeScript source, so they are bundled in; every other package stays external and
// is loaded from node_modules at run time. CommonJS output lets OpenTelemetry's require hooks instrument pg and
// http without a loader flag. npm may install a workspace library's dependency in that library's own
// node_modules, where Node cannot find it from dist/: such an import is pointed at the installed file by a path
// relative to dist/.
import { rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { basename, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

const args = process.argv.slice(2);
const serviceEntries = args[0] === '--service' ? generatedEntries(args.slice(1)) : null;
const entryPoints = serviceEntries
  ? Object.keys(serviceEntries).map((name) => `service-entry:${name}`)
  : args;
if (entryPoints.length === 0) {
  console.error('usage: build-service.mjs <entry.ts>... | --service [--command <name>]...');
  process.exit(2);
}

/** The source of each generated entry: which of the service's entry points it runs. */
function generatedEntries(options) {
  const commands = [];
  for (let index = 0; index < options.length; index += 2) {
    if (options[index] !== '--command' || !/^[a-z][a-z-]*$/.test(options[index + 1] ?? '')) {
      console.error('usage: build-service.mjs --service [--command <name>]...');
      process.exit(2);
    }
    commands.push(options[index + 1]);
  }
  return Object.fromEntries(
    ['server', 'seed', 'rebuild', ...commands].map((name) => [
      name,
      [
        "import { runServiceEntry } from '@app/service-kit/entry';",
        "import { loadConfig } from './src/config.ts';",
        `runServiceEntry('${name}', loadConfig, () => import('./src/service.ts'));`,
      ].join('\n'),
    ]),
  );
}

const generated = {
  name: 'service-entries',
  setup(builder) {
    builder.onResolve({ filter: /^service-entry:/ }, (args) => ({
      path: args.path,
      namespace: 'service-entry',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'service-entry' }, (args) => ({
      contents: serviceEntries[args.path.slice('service-entry:'.length)],
      loader: 'ts',
      resolveDir: process.cwd(),
    }));
  },
};
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
  entryPoints: Object.fromEntries(
    entryPoints.map((entry) => [basename(entry, '.ts').replace(/^service-entry:/, ''), entry]),
  ),
  outdir,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [generated, externalPackages],
  define: { 'import.meta.url': 'importMetaUrl' },
  banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
});
