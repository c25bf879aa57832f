import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const run = promisify(execFile);

/**
 * `npm run build` of the checkout, once per test run: a dozen test files start the built platform, and building
 * it anew for each (about a minute on two cores) was most of `npm test`'s time. The stamp sits in the root
 * `dist/`, which every build empties, so a test that builds by other means (`npm start`) leaves the next one
 * to build again rather than trust files it did not make. Call it under withBuildLock.
 */
export async function buildOncePerRun(root: string): Promise<void> {
  const stamp = join(root, 'dist', '.built-by-test-run');
  const runId = inject('testRunId');
  if ((await readFile(stamp, 'utf8').catch(() => '')) === runId) return;
  await run('npm', ['run', 'build'], { cwd: root });
  await writeFile(stamp, runId);
}
