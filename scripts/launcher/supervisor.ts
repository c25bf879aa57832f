import { setTimeout as delay } from 'node:timers/promises';
import type { Stoppable } from './lifecycle.js';
import { describeExit, type ExitStatus, type RunningProcess } from './processes.js';
import { decideRestart, type RestartPolicy } from './restart-policy.js';
import { waitForReady } from './wait.js';

export interface SupervisedOptions {
  name: string;
  /** Starts one process; called again for every restart, with the same environment. */
  spawn: () => RunningProcess;
  /** Answers 2xx once the process serves. */
  readyUrl: string;
  readyTimeoutMs: number;
  policy: RestartPolicy;
  /** The launcher's: once aborted, a process that exits is not restarted. */
  stopping: AbortSignal;
  /** Restarts are used up: the launcher stops everything and exits non-zero. */
  giveUp: () => void;
}

export interface Supervised extends Stoppable {
  /**
   * Starts the first process and resolves once it is ready. It rejects if that process exits before it was
   * ever ready: a crash at start-up (port taken, failed migration, broken build) would only repeat itself, so it
   * stays fatal and its own last lines are what the user reads. Once ready, every exit is restarted.
   */
  start(): Promise<void>;
}

/**
 * Keeps a service, the gateway or the demo app of `npm start` running: one crash after it was ready is restarted
 * with backoff instead of taking the whole launch down (README "Two commands").
 */
export function supervise(options: SupervisedOptions): Supervised {
  const { name, policy, stopping } = options;
  let current: RunningProcess | undefined;

  function spawn(): RunningProcess {
    stopping.throwIfAborted();
    current = options.spawn();
    return current;
  }

  /** Restarts `child` whenever it exits, until the launcher stops or the policy gives up. */
  function watch(child: RunningProcess, attempt: number, startedAt: number): void {
    void child.exited.then((status) => restartAfter(status, attempt, Date.now() - startedAt));
  }

  async function restartAfter(status: ExitStatus, attempt: number, ranForMs: number): Promise<void> {
    if (stopping.aborted) return;
    const decision = decideRestart(policy, attempt, ranForMs);
    if (!decision.restart) {
      console.error(
        `${name} ${describeExit(status)} again after ${policy.maxAttempts} restarts; ` +
          'giving up and stopping the platform.',
      );
      options.giveUp();
      return;
    }
    console.log(
      `${name} ${describeExit(status)}; restarting in ${decision.delayMs / 1000} s ` +
        `(attempt ${decision.attempt} of ${policy.maxAttempts})`,
    );
    const waited = await delay(decision.delayMs, true, { signal: stopping }).catch(() => false);
    if (!waited || stopping.aborted) return;
    const child = spawn();
    watch(child, decision.attempt, Date.now());
    try {
      if ((await readiness(child)) === 'ready') console.log(`${name} is ready again`);
    } catch (error) {
      console.error(`${name} was restarted but ${(error as Error).message}`);
    }
  }

  /** Whether `child` became ready, exited first, or the launcher began stopping; rejects on a timeout. */
  async function readiness(child: RunningProcess): Promise<'ready' | 'exited' | 'stopping'> {
    const exited = new AbortController();
    void child.exited.then(() => exited.abort());
    try {
      await waitForReady(
        options.readyUrl,
        options.readyTimeoutMs,
        AbortSignal.any([exited.signal, stopping]),
      );
      return 'ready';
    } catch (error) {
      if (stopping.aborted) return 'stopping';
      if (exited.signal.aborted) return 'exited';
      throw error;
    }
  }

  return {
    name,
    start: async () => {
      const startedAt = Date.now();
      const child = spawn();
      const outcome = await readiness(child);
      if (outcome === 'ready') return watch(child, 0, startedAt);
      stopping.throwIfAborted();
      throw new Error(`${name} ${describeExit(await child.exited)} while starting`);
    },
    stop: async () => {
      await current?.stop();
    },
    kill: () => current?.kill(),
  };
}
