// Assembles what one deployable needs at run time into a folder, in the repository's layout, after `npm run
// build`: its dist/, the files its bundles load from node_modules (traced by @vercel/nft from each require, so a
// service carries its own dependencies and not the front end's or the tests'), and the files it reads without
// requiring them. The container image of the deployable is that folder (Dockerfile).
//   node scripts/assemble-runtime.mjs <app> <outdir>
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeFileTrace } from '@vercel/nft';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const service = (name, ...read) => ({
  dir: `services/${name}`,
  read: [`services/${name}/migrations`, ...read],
});

/**
 * Each deployable's folder and what it reads by path rather than by require: the migrations it applies at start,
 * the front-end builds the gateway serves, the Swagger UI files it streams from swagger-ui-dist, and files a
 * package loads in a way the trace cannot see.
 */
export const deployables = {
  catalog: service('catalog'),
  identity: service('identity'),
  tenancy: service('tenancy'),
  // PDFKit loads its standard fonts' metrics through a require() made with createRequire, which the trace cannot
  // follow: the invoice PDFs need them (services/billing/src/invoice-documents/invoice-pdf.ts).
  billing: service('billing', 'node_modules/pdfkit/js/standard-fonts'),
  monitoring: service('monitoring'),
  notifications: service('notifications'),
  audit: service('audit'),
  gateway: {
    dir: 'gateway',
    read: [
      'shell/dist',
      'mfe-customer/dist',
      'mfe-admin/dist',
      'node_modules/swagger-ui-dist/package.json',
      'node_modules/swagger-ui-dist/swagger-ui.css',
      'node_modules/swagger-ui-dist/swagger-ui-bundle.js',
      'node_modules/swagger-ui-dist/favicon-32x32.png',
    ],
  },
  'demo-tenant-app': { dir: 'demo/tenant-app', read: [] },
};

/** The repository-relative paths of every file the deployable needs, its dist/ and read paths included. */
export async function runtimeFiles(app) {
  const deployable = deployables[app];
  if (!deployable)
    throw new Error(`unknown deployable ${app}; one of ${Object.keys(deployables).join(', ')}`);
  const dist = join(repoRoot, deployable.dir, 'dist');
  if (!existsSync(dist)) throw new Error(`${deployable.dir}/dist is missing: run npm run build first`);
  const entries = readdirSync(dist)
    .filter((file) => file.endsWith('.cjs'))
    .map((file) => join(dist, file));
  // Requires that do not resolve are left out: optional packages (pg-native, other platforms' builds of a native
  // module) that the code tries and falls back from. The start test (deploy/test) proves nothing needed is lost.
  const { fileList } = await nodeFileTrace(entries, {
    base: repoRoot,
    processCwd: join(repoRoot, deployable.dir),
  });
  for (const path of [`${deployable.dir}/dist`, ...deployable.read]) {
    if (!existsSync(join(repoRoot, path))) throw new Error(`${path} is missing: run npm run build first`);
  }
  return [...new Set([...fileList, `${deployable.dir}/dist`, ...deployable.read])].sort();
}

/** Copies the files, keeping symlinks as symlinks (a workspace's node_modules may link into another's). */
export function copyInto(outdir, paths) {
  for (const path of paths) {
    const from = join(repoRoot, path);
    const to = join(outdir, path);
    mkdirSync(dirname(to), { recursive: true });
    if (lstatSync(from).isSymbolicLink()) {
      if (!existsSync(to)) symlinkSync(readlinkSync(from), to);
    } else {
      cpSync(from, to, { recursive: true });
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [app, outdir] = process.argv.slice(2);
  if (!app || !outdir) {
    console.error('usage: assemble-runtime.mjs <app> <outdir>');
    process.exit(2);
  }
  const paths = await runtimeFiles(app);
  copyInto(resolve(outdir), paths);
  console.log(`${app}: ${paths.length} paths into ${outdir}`);
}
