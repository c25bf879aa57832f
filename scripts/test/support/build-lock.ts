import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireFileLock } from './file-lock.js';

/**
 * Runs `work` while no other process of this checkout holds the lock. `npm run build` empties every dist/
 * before writing it again, so a second test file building while the first one's launcher is still starting
 * services from dist/ would pull the files from under it. Holding the lock from the build until the platform
 * is up is enough: by then every process has loaded its bundle.
 */
export async function withBuildLock<T>(root: string, work: () => Promise<T>, timeoutMs = 90_000): Promise<T> {
  const lock = join(
    tmpdir(),
    `platform-build-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.lock`,
  );
  const release = await acquireFileLock(lock, timeoutMs);
  try {
    return await work();
  } finally {
    release();
  }
}
