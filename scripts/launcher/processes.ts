import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface RunningProcess {
  name: string;
  /** Sends SIGTERM and resolves when the process has exited (SIGKILL after the grace period). */
  stop: (graceMs?: number) => Promise<void>;
  exited: Promise<number | null>;
}

/** Starts `node <script>` with its output prefixed by its name, so several services share one terminal. */
export function startNodeProcess(name: string, script: string, env: Record<string, string>): RunningProcess {
  // A process group of its own: Ctrl-C reaches only the launcher, which stops everything in order.
  const child = spawn(process.execPath, ['--enable-source-maps', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  prefixLines(child, name);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return {
    name,
    exited,
    stop: async (graceMs = 10_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs `node <script>` to completion (migrations, seeds); rejects on a non-zero exit. */
export async function runNodeScript(
  name: string,
  script: string,
  env: Record<string, string>,
): Promise<void> {
  const code = await startNodeProcess(name, script, env).exited;
  if (code !== 0) throw new Error(`${name} exited with code ${String(code)}`);
}

function prefixLines(child: ChildProcess, name: string): void {
  const label = `[${name}]`.padEnd(12);
  for (const [stream, sink] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => sink.write(`${label} ${line}\n`));
  }
}
