import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** How a process ended: its exit code, or the signal that ended it. */
export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningProcess {
  name: string;
  exited: Promise<ExitStatus>;
  /** Asks the process to stop and resolves once it has exited; SIGKILL if it is still there after `graceMs`. */
  stop: (graceMs?: number) => Promise<void>;
  /** SIGKILL at once: for a second Ctrl-C, when waiting is not wanted. */
  kill: () => void;
}

export interface ProcessOptions {
  env?: Record<string, string>;
  /** How this program asks to be stopped; SIGTERM when absent. */
  stopSignal?: NodeJS.Signals;
  /** Prefix each output line with the name (node services); without it the output is dropped. */
  showOutput?: boolean;
  uid?: number;
  gid?: number;
}

/**
 * Starts `command` in a session and process group of its own (`detached`): a terminal's Ctrl-C reaches the
 * foreground group only (npm, its shell, the launcher), never a child, so the launcher alone decides in which
 * order everything stops.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: ProcessOptions = {},
): RunningProcess {
  const child = spawn(command, args, {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', options.showOutput ? 'pipe' : 'ignore', options.showOutput ? 'pipe' : 'ignore'],
    detached: true,
    ...(options.uid === undefined ? {} : { uid: options.uid }),
    ...(options.gid === undefined ? {} : { gid: options.gid }),
  });
  if (options.showOutput) prefixLines(child, name);
  const exited = new Promise<ExitStatus>((done) => {
    child.once('exit', (code, signal) => done({ code, signal }));
    // A process that could not be started at all emits 'error' and never 'exit'.
    child.once('error', () => {
      if (child.pid === undefined) done({ code: null, signal: null });
    });
  });
  const running = () => child.pid !== undefined && child.exitCode === null && child.signalCode === null;
  return {
    name,
    exited,
    stop: async (graceMs = 10_000) => {
      if (!running()) return;
      child.kill(options.stopSignal ?? 'SIGTERM');
      const timer = setTimeout(() => {
        console.error(`${name} did not stop within ${graceMs / 1000} s; killing it`);
        child.kill('SIGKILL');
      }, graceMs);
      await exited;
      clearTimeout(timer);
    },
    kill: () => {
      if (running()) child.kill('SIGKILL');
    },
  };
}

/** `node <script>` with its output prefixed by its name, so several services share one terminal. */
export function startNodeProcess(name: string, script: string, env: Record<string, string>): RunningProcess {
  return startProcess(name, process.execPath, ['--enable-source-maps', script], { env, showOutput: true });
}

/** "exited with code 1", "was killed by SIGKILL": for the launcher's own lines. */
export function describeExit(status: ExitStatus): string {
  if (status.signal) return `was killed by ${status.signal}`;
  if (status.code === null) return 'could not be started';
  return `exited with code ${status.code}`;
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
