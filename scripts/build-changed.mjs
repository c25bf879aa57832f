// `npm start`'s build: builds each deployable whose inputs changed since its last build and leaves the others
// as they are, so a restart with nothing changed starts at once instead of after a full build (about 16 s on two
// cores). `npm run build` still builds everything.
//
// A deployable's inputs are its own folder and everything it can bundle or be configured by: every library
// (esbuild and Vite inline libs/*), the build scripts and the shared Vite configuration under scripts/, the
// lockfile (installed versions) and the root configuration. Their paths and contents are hashed, never their
// times, so a checkout or a touch that changes nothing rebuilds nothing. The hash is written into the
// deployable's dist/ after a successful build: a build that fails, or a dist/ someone emptied, builds again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The checkout: this script's parent folder, or `--root <folder>` (its tests build a small fixture). */
const rootFlag = process.argv.indexOf('--root');
const root = rootFlag === -1 ? join(import.meta.dirname, '..') : process.argv[rootFlag + 1];
const skipped = new Set(['node_modules', 'dist', '.data', 'coverage', '.artifacts', 'test']);
const sharedInputs = [
  'libs',
  'scripts',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
];
const stampName = '.build-inputs';

/** Files under `path` (or `path` itself), skipping outputs, installs and tests, in a stable order. */
function filesUnder(path) {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [path];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => !skipped.has(entry.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

function fingerprint(paths) {
  const hash = createHash('sha256');
  for (const file of paths.flatMap(filesUnder)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The workspaces with a build script, in the order npm's `--workspaces` builds them (package.json's list). */
function deployables() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return manifest.workspaces
    .flatMap((pattern) => {
      const slash = pattern.lastIndexOf('/');
      const parent = slash === -1 ? '.' : pattern.slice(0, slash);
      const name = new RegExp(`^${pattern.slice(slash + 1).replaceAll('*', '[^/]*')}$`);
      return readdirSync(join(root, parent))
        .filter((entry) => name.test(entry))
        .sort()
        .map((entry) => join(parent, entry));
    })
    .filter((folder) => {
      const file = join(root, folder, 'package.json');
      return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).scripts?.build !== undefined;
    });
}

function buildIfChanged(label, folder, inputs, command) {
  const stamp = join(root, folder, 'dist', stampName);
  const wanted = fingerprint(inputs);
  const built = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
  if (built === wanted) {
    console.log(`${label}: unchanged since its last build`);
    return;
  }
  console.log(`${label}: building`);
  const result = spawnSync(command[0], command.slice(1), { cwd: join(root, folder), stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${label}: the build failed`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, wanted);
}

for (const folder of deployables()) {
  buildIfChanged(folder, folder, [folder, ...sharedInputs], ['npm', 'run', 'build']);
}
// The launcher itself (dist/start.cjs from scripts/start.ts and scripts/launcher, both shared inputs).
buildIfChanged('launcher', '.', sharedInputs, ['npm', 'run', 'build:launcher']);
