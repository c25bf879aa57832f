import type { FaultTarget } from './fault-plan.js';
import type { Ledger, WriteKind } from './ledger.js';
import { untilReady } from './platform-processes.js';

/**
 * After a fault: when the platform counts as recovered (every process ready again and every client's writes
 * acknowledged again), and which processes died on their own meanwhile.
 */
const writeKinds: readonly WriteKind[] = ['product', 'user', 'tenant', 'checkout'];

export type Recovery = { recoveredAt: number } | { notRecovered: string };

/**
 * The moment every process answered ready and every kind of write was acknowledged after `since`. Gives up at
 * `limitMs`, or at once when a process has died by itself (it cannot come back on its own), saying why.
 */
export async function awaitRecovery(
  target: FaultTarget,
  ledger: Ledger,
  since: number,
  limitMs: number,
): Promise<Recovery> {
  const deadline = since + limitMs;
  for (;;) {
    const latest = target.sampler.latest(since);
    const unready = [...target.processes.keys()].filter((name) => latest.get(name)?.state !== 'ready');
    const stalled = writeKinds.filter(
      (kind) =>
        !ledger.writes.some(
          (write) => write.kind === kind && write.outcome === 'acknowledged' && write.at >= since,
        ),
    );
    if (unready.length === 0 && stalled.length === 0) return { recoveredAt: Date.now() };
    const dead = [...target.processes.values()].filter((entry) => !entry.process.running());
    if (dead.length > 0) {
      return { notRecovered: `${dead.map((entry) => entry.process.name).join(', ')} stopped running` };
    }
    if (Date.now() > deadline) {
      const why = unready.map((name) => `${name}: ${latest.get(name)?.detail ?? 'no probe answered'}`);
      return {
        notRecovered: `not ready: ${why.join('; ') || 'none'}; no acknowledged writes of: ${stalled.join(', ') || 'none missing'}`,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
