import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

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
  const deadline = Date.now() + timeoutMs;
  while (!tryAcquire(lock)) {
    if (Date.now() > deadline) throw new Error(`${lock} was held for more than ${timeoutMs} ms`);
    await delay(100);
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** mkdir is atomic: exactly one process creates the directory. A lock whose owner died is taken over. */
function tryAcquire(lock: string): boolean {
  try {
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const owner = readOwner(lock);
  // No pid: the owner is between mkdir and writeFile, or died there (then the directory grows old).
  const abandoned = owner === undefined ? ageMs(lock) > 10_000 : !isAlive(owner);
  if (abandoned) rmSync(lock, { recursive: true, force: true });
  return false;
}

function readOwner(lock: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
