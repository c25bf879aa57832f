import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';

/**
 * Waits until this process holds the lock at `path` (a directory: mkdir is atomic, so exactly one process creates
 * it) and returns its release. A lock whose owner died is taken over, so a killed test never leaves one behind.
 */
export async function acquireFileLock(path: string, timeoutMs: number): Promise<() => void> {
  const deadline = Date.now() + timeoutMs;
  while (!tryAcquire(path)) {
    if (Date.now() > deadline) throw new Error(`${path} was held for more than ${timeoutMs} ms`);
    await delay(100);
  }
  return () => rmSync(path, { recursive: true, force: true });
}

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
