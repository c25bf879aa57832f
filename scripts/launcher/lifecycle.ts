/** Anything the launcher started and stops again. */
export interface Stoppable {
  name: string;
  /** Resolves once it has exited (a process already gone resolves at once). */
  stop(): Promise<void>;
  /** Ends it at once, without waiting for a drain. */
  kill(): void;
}

export interface Lifecycle {
  /** Aborted as soon as the launcher starts stopping: nothing new starts after that. */
  stopping: AbortSignal;
  /** Takes `stoppable` into the stop sequence: the last one taken stops first. */
  own(stoppable: Stoppable): void;
  /** Stops everything, one at a time and each awaited, then exits with `code`. Later calls are ignored. */
  shutdown(code: number): Promise<void>;
}

const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * The launcher's stop sequence. Every child runs in a process group of its own, so Ctrl-C (SIGINT to the
 * terminal's foreground group: npm, its shell and this process) or a closed terminal (SIGHUP) reaches only the
 * launcher, which stops what it started in reverse start order: the gateway, the services newest first, the
 * demo app, NATS, Postgres. Each service still has NATS and Postgres while it drains. A second Ctrl-C kills
 * what is left instead of waiting, and still leaves nothing running.
 */
export function createLifecycle(exit: (code: number) => void = (code) => process.exit(code)): Lifecycle {
  const owned: Stoppable[] = [];
  const stopping = new AbortController();

  async function shutdown(code: number): Promise<void> {
    if (stopping.signal.aborted) return;
    stopping.abort();
    let exitCode = code;
    for (const stoppable of [...owned].reverse()) {
      await stoppable.stop().catch((error: unknown) => {
        console.error(`Stopping ${stoppable.name} failed: ${(error as Error).message}`);
        exitCode ||= 1;
      });
    }
    console.log('Stopped.');
    exit(exitCode);
  }

  function onSignal(signal: NodeJS.Signals): void {
    if (!stopping.signal.aborted) {
      console.log(`\nStopping (${signal === 'SIGINT' ? 'Ctrl-C' : signal}); Ctrl-C again to kill at once.`);
      void shutdown(0);
      return;
    }
    console.log('Killing what is still running.');
    for (const stoppable of owned) stoppable.kill();
  }

  for (const signal of stopSignals) process.on(signal, onSignal);
  // A closed terminal fails every later write; the launcher must still stop what it started.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

  return { stopping: stopping.signal, own: (stoppable) => owned.push(stoppable), shutdown };
}
