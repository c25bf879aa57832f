import { readFile } from 'node:fs/promises';

/**
 * The DATABASE_URL a running launcher was started with, read from its environment in /proc (Linux, where the
 * tests run). `startPlatform` makes that database and does not hand it out; the soak needs it to look for
 * transactions the platform left open.
 */
export async function launcherDatabaseUrl(pid: number): Promise<string> {
  const environment = await readFile(`/proc/${pid}/environ`, 'utf8');
  const entry = environment.split('\0').find((variable) => variable.startsWith('DATABASE_URL='));
  if (!entry) throw new Error(`process ${pid} has no DATABASE_URL`);
  return entry.slice('DATABASE_URL='.length);
}
