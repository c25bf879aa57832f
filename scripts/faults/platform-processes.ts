import type { Deployable } from './deployables.js';
import { managedProcess, type ManagedProcess } from './managed-process.js';

/** A deployable and the process running it. */
export interface PlatformProcess {
  deployable: Deployable;
  process: ManagedProcess;
}

/**
 * Starts the deployables in order as the launcher does: each once the one before is ready, each seed once its
 * service is ready (a seed may rely on what only the running service keeps). `started` receives every process
 * as soon as it runs, so a failure halfway still stops those already started, and `seeding` each seed while it
 * runs, so an interruption stops it too.
 */
export async function startPlatformProcesses(
  deployables: readonly Deployable[],
  started: (running: PlatformProcess) => void,
  seeding: (seed: ManagedProcess) => void,
): Promise<PlatformProcess[]> {
  const running: PlatformProcess[] = [];
  for (const deployable of deployables) {
    const process = managedProcess(deployable.spec);
    process.start();
    const entry = { deployable, process };
    running.push(entry);
    started(entry);
    await untilReady(entry, 60_000);
    if (deployable.seed) {
      const seed = managedProcess(deployable.seed);
      seeding(seed);
      await runToCompletion(seed);
    }
  }
  return running;
}

/** Polls the readiness URL until it answers 200; fails at once if the process exits first. */
export async function untilReady({ deployable, process }: PlatformProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    if (!process.running()) {
      throw new Error(`${process.name} exited while starting:\n${process.tail().slice(-20).join('\n')}`);
    }
    try {
      const response = await fetch(deployable.readinessUrl, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() > deadline)
      throw new Error(`${process.name} was not ready after ${timeoutMs} ms: ${last}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function runToCompletion(seed: ManagedProcess): Promise<void> {
  seed.start();
  const exit = await seed.whenExited();
  if (exit.code !== 0) {
    throw new Error(`${seed.name} failed (${exit.code ?? exit.signal}):\n${seed.tail().join('\n')}`);
  }
}
