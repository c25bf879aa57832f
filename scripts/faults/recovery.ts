import type { FaultTarget } from './fault-plan.js';
import type { Ledger, WriteKind } from './ledger.js';
import { untilReady } from './platform-processes.js';

/**
 * After a fault: when the platform counts as recovered (every process ready again and every client's writes
 * acknowledged again), and which processes died on their own meanwhile.
 */
const writeKinds: readonly WriteKind[] = ['product', 'user', 'tenant', 'checkout'];

/** The moment every process answered ready and every kind of write was acknowledged after `since`; null at `limitMs`. */
export async function awaitRecovery(
  target: FaultTarget,
  ledger: Ledger,
  since: number,
  limitMs: number,
): Promise<number | null> {
  const deadline = since + limitMs;
  while (Date.now() < deadline) {
    const latest = target.sampler.latest(since);
    const ready = [...target.processes.keys()].every((name) => latest.get(name)?.state === 'ready');
    const writing = writeKinds.every((kind) =>
      ledger.writes.some(
        (write) => write.kind === kind && write.outcome === 'acknowledged' && write.at >= since,
      ),
    );
    if (ready && writing) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

export interface Crash {
  name: string;
  exit: string;
  /** The last lines the process printed before it died. */
  lastLines: string[];
}

/**
 * Processes that exited since `since` without the suite killing them. Each is started again (and awaited), so
 * the faults after it still meet a whole platform; the crash itself stays a failure of the run.
 */
export async function restartCrashed(target: FaultTarget, since: number): Promise<Crash[]> {
  const crashes: Crash[] = [];
  for (const [name, entry] of target.processes) {
    const crash = entry.process.exits.find((exit) => !exit.expected && exit.at >= since);
    if (!crash || entry.process.running()) continue;
    crashes.push({
      name,
      exit: crash.signal ?? `code ${String(crash.code)}`,
      lastLines: entry.process.tail().slice(-15),
    });
    entry.process.start();
    await untilReady(entry, 60_000).catch(() => undefined);
  }
  return crashes;
}
