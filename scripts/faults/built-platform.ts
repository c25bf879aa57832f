import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { withBuildLock } from '../test/support/build-lock.js';

/**
 * Builds the platform once (`npm run build`) and copies what its processes run from into `into`, in the
 * checkout's layout: each deployable's dist/ and migrations/, with node_modules linked, not copied (a build
 * never changes them). The suite restarts processes long after it built, and another test's build empties
 * every dist/ while it runs (build-lock.ts): a killed service must come back from the same files it started
 * from. Returns the folder to run them in.
 */
const deployableFolders = [
  'services/catalog',
  'services/identity',
  'services/tenancy',
  'services/billing',
  'services/monitoring',
  'gateway',
  'demo/tenant-app',
];

const run = promisify(execFile);

export async function buildPlatformInto(root: string, into: string): Promise<string> {
  await withBuildLock(root, async () => {
    await run('npm', ['run', 'build'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    for (const folder of deployableFolders) {
      for (const part of ['dist', 'migrations']) {
        const from = join(root, folder, part);
        if (existsSync(from)) cpSync(from, join(into, folder, part), { recursive: true });
      }
    }
  });
  // A library's or service's own node_modules holds what npm could not hoist; bundles reach into them by path.
  const packageFolders = [
    '.',
    ...deployableFolders,
    ...readdirSync(join(root, 'libs')).map((lib) => `libs/${lib}`),
  ];
  for (const folder of packageFolders) {
    const modules = join(root, folder, 'node_modules');
    if (!existsSync(modules)) continue;
    mkdirSync(join(into, folder), { recursive: true });
    symlinkSync(modules, join(into, folder, 'node_modules'));
  }
  return into;
}
