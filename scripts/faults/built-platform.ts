import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { withBuildLock } from '../test/support/build-lock.js';

/**
 * Builds the deployables the suite runs (`npm run build` of their workspaces; the front end, which the suite
 * does not serve, is most of a whole build's time) and copies what their processes run from into `into`, in the
 * checkout's layout: each deployable's dist/ and migrations/, with node_modules linked, not copied (a build
 * never changes them). The suite restarts processes long after it built, and another test's build empties
 * every dist/ while it runs (build-lock.ts): a killed service must come back from the same files it started
 * from. Returns the folder to run them in.
 */
const deployables: ReadonlyArray<{ folder: string; workspace: string }> = [
  { folder: 'services/catalog', workspace: '@app/catalog' },
  { folder: 'services/identity', workspace: '@app/identity' },
  { folder: 'services/tenancy', workspace: '@app/tenancy' },
  { folder: 'services/billing', workspace: '@app/billing' },
  { folder: 'services/monitoring', workspace: '@app/monitoring' },
  { folder: 'services/notifications', workspace: '@app/notifications' },
  { folder: 'services/audit', workspace: '@app/audit' },
  { folder: 'gateway', workspace: '@app/gateway' },
  { folder: 'demo/tenant-app', workspace: '@app/demo-tenant-app' },
];
const deployableFolders = deployables.map((deployable) => deployable.folder);

const run = promisify(execFile);

export async function buildPlatformInto(root: string, into: string): Promise<string> {
  await withBuildLock(root, async () => {
    const workspaces = deployables.flatMap((deployable) => ['-w', deployable.workspace]);
    await run('npm', ['run', 'build', ...workspaces], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
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
