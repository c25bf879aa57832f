/** Child processes of the bench: the build, the seed, and the services under test. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';

export interface ChildProcessHandle {
  name: string;
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after the grace period; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  /** Echo each output line, prefixed with the name; default true. */
  echo?: boolean;
  cwd?: string;
}

/**
 * Starts `command args` with its output kept and echoed with a name prefix (the services log at warn, so
 * anything they print deserves to be seen).
 */
export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  env: Record<string, string>,
  options: SpawnOptions = {},
): ChildProcessHandle & { output: string[] } {
  const child = spawn(command, args, { env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      if (options.echo !== false) console.log(`[${name}] ${line}`);
    });
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      output.push(error.message);
      resolve(null);
    });
  });
  return {
    name,
    output,
    exited,
    async stop(graceMs = 5_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a command to completion; rejects with its output on a non-zero exit. */
export async function runToCompletion(
  name: string,
  command: string,
  args: readonly string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<void> {
  const child = startProcess(name, command, args, env, { echo: false, ...(cwd ? { cwd } : {}) });
  const code = await child.exited;
  if (code !== 0) {
    throw new Error(`${name} exited with code ${String(code)}:\n${child.output.join('\n')}`);
  }
}

/** Polls a readiness URL until it answers 2xx; fails at once if the process exits first. */
export async function waitForReady(
  url: string,
  child: ChildProcessHandle,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void child.exited.then((code) => (exitCode = code));
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`${child.name} exited with code ${String(exitCode)} while starting`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await delay(100);
  }
  throw new Error(`${url} was not ready after ${timeoutMs} ms (${last})`);
}
