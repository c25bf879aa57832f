import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ExitRecord {
  at: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when the suite sent the signal that ended it; false means it died on its own. */
  expected: boolean;
}

export interface ProcessSpec {
  name: string;
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd?: string;
  /** Postgres refuses to run as root: it runs as the postgres user. */
  uid?: number;
  gid?: number;
}

/**
 * A child the fault suite starts, kills and starts again with the same command, environment and port. It runs
 * in a process group of its own, so a terminal's Ctrl-C reaches only the suite, which then stops everything in
 * order. Its output is kept (the last lines) as evidence for the report.
 */
export interface ManagedProcess {
  readonly name: string;
  readonly pid: number | undefined;
  running(): boolean;
  start(): void;
  /** Sends `signal` and resolves once the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Resolves when the current run ends, however it ends. */
  whenExited(): Promise<ExitRecord>;
  /** Every exit so far, in order. */
  readonly exits: readonly ExitRecord[];
  /** The last lines it printed, oldest first. */
  tail(): string[];
}

const keptLines = 200;

export function managedProcess(spec: ProcessSpec): ManagedProcess {
  let child: ChildProcess | undefined;
  let exited: Promise<ExitRecord> | undefined;
  let killing = false;
  const exits: ExitRecord[] = [];
  const lines: string[] = [];

  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > keptLines) lines.shift();
  };

  const isRunning = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  return {
    name: spec.name,
    get pid() {
      return child?.pid;
    },
    running: isRunning,
    exits,
    tail: () => [...lines],
    start() {
      if (isRunning()) throw new Error(`${spec.name} is already running`);
      killing = false;
      const started = spawn(spec.command, [...spec.args], {
        env: spec.env,
        cwd: spec.cwd,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
        ...(spec.uid === undefined ? {} : { uid: spec.uid, gid: spec.gid }),
      });
      child = started;
      for (const stream of [started.stdout, started.stderr]) {
        if (stream) createInterface({ input: stream }).on('line', keep);
      }
      exited = new Promise((resolve) => {
        const record = (code: number | null, signal: NodeJS.Signals | null) => {
          const exit = { at: Date.now(), code, signal, expected: killing };
          exits.push(exit);
          resolve(exit);
        };
        started.once('exit', record);
        started.once('error', (error) => {
          keep(`could not start: ${error.message}`);
          if (started.pid === undefined) record(null, null);
        });
      });
    },
    async kill(signal) {
      if (!isRunning()) return;
      killing = true;
      child?.kill(signal);
      await exited;
    },
    whenExited() {
      if (!exited) throw new Error(`${spec.name} was never started`);
      return exited;
    },
  };
}
