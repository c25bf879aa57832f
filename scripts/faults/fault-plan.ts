import type { NatsServer } from './nats-server.js';
import type { PlatformProcess } from './platform-processes.js';
import type { PostgresServer } from './postgres-server.js';
import type { ReadinessSampler } from './readiness-sampler.js';
import { relayLeader } from './relay-leader.js';

/**
 * The faults, one at a time: each service and the gateway killed with SIGKILL and started again; NATS stopped
 * (SIGTERM, then SIGKILL) and started on the same port and store; Postgres shut down immediately and started on
 * the same port and data; the relay's leader killed while a second replica waits. A dependency stays down for
 * `minimumOutageMs` (long enough for pools, relays and consumers to notice, as a real restart is) and until
 * every service that needs it has said it is not ready (at most `outageLimitMs`), then comes back.
 */
export interface FaultTarget {
  postgres: PostgresServer;
  nats: NatsServer;
  /** The platform's processes and the replica, by name. */
  processes: ReadonlyMap<string, PlatformProcess>;
  sampler: ReadinessSampler;
  /** The services that need Postgres and NATS: they must say they are not ready while either is gone. */
  dependents: readonly string[];
  /** The service run twice, and its replica's name. */
  replicated: { service: string; replica: string };
}

export interface Injected {
  /** When the fault ended: the process or dependency was started again. */
  restoredAt: number;
  /** What the fault itself observed, e.g. how long leadership took to move. */
  notes: string[];
  problems: string[];
}

export interface Fault {
  name: string;
  /** A dependency outage, during which every dependent must be seen not ready. */
  outage: boolean;
  inject(target: FaultTarget): Promise<Injected>;
}

const minimumOutageMs = 3_000;
const outageLimitMs = 15_000;
const takeoverLimitMs = 30_000;

/** Every fault, in the order `npm run faults` injects them. */
export function fullFaultPlan(): Fault[] {
  return [
    ...['catalog', 'identity', 'tenancy', 'billing', 'monitoring', 'gateway'].map((name) =>
      killAndRestart(name),
    ),
    restartNats('SIGTERM'),
    restartNats('SIGKILL'),
    restartPostgres(),
    killRelayLeader(),
  ];
}

export function restartNats(signal: 'SIGTERM' | 'SIGKILL'): Fault {
  return dependencyOutage(
    `restart NATS (${signal})`,
    (target) => target.nats.process.kill(signal),
    (target) => target.nats.start(),
  );
}

export function restartPostgres(): Fault {
  return dependencyOutage(
    'restart Postgres (immediate)',
    (target) => target.postgres.stopImmediately(),
    (target) => target.postgres.start(),
  );
}

function processOf(target: FaultTarget, name: string): PlatformProcess {
  const found = target.processes.get(name);
  if (!found) throw new Error(`no process ${name}`);
  return found;
}

export function killAndRestart(name: string): Fault {
  return {
    name: `kill ${name} (SIGKILL)`,
    outage: false,
    async inject(target) {
      const { process } = processOf(target, name);
      await process.kill('SIGKILL');
      process.start();
      return { restoredAt: Date.now(), notes: [], problems: [] };
    },
  };
}

function dependencyOutage(
  name: string,
  stop: (target: FaultTarget) => Promise<void>,
  start: (target: FaultTarget) => Promise<void>,
): Fault {
  return {
    name,
    outage: true,
    async inject(target) {
      const stoppedAt = Date.now();
      await stop(target);
      const held = () => Date.now() - stoppedAt;
      while (held() < outageLimitMs && (held() < minimumOutageMs || !allSeenNotReady(target, stoppedAt))) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const notes = [`down for ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s`];
      await start(target);
      return { restoredAt: Date.now(), notes, problems: [] };
    },
  };
}

/** Whether every dependent has answered its readiness probe with anything but ready since `since`. */
function allSeenNotReady(target: FaultTarget, since: number): boolean {
  return seenNotReady(target, since, Date.now()).size === target.dependents.length;
}

/** The dependents whose readiness probe, sent between `from` and `to`, answered anything but ready. */
export function seenNotReady(target: FaultTarget, from: number, to: number): Set<string> {
  const seen = new Set<string>();
  for (const sample of target.sampler.samples) {
    const during = sample.at >= from && sample.at <= to;
    if (during && sample.state !== 'ready' && target.dependents.includes(sample.name)) seen.add(sample.name);
  }
  return seen;
}

export function killRelayLeader(): Fault {
  return {
    name: 'kill the relay leader (SIGKILL)',
    outage: false,
    async inject(target) {
      const { service, replica } = target.replicated;
      const instances = [processOf(target, service).process, processOf(target, replica).process];
      const leader = await relayLeader(target.postgres.adminUrl, service, instances);
      if (!leader)
        return { restoredAt: Date.now(), notes: [], problems: [`no instance of ${service} leads its relay`] };
      const killedAt = Date.now();
      await leader.kill('SIGKILL');
      const survivor = instances.find((instance) => instance !== leader) as (typeof instances)[number];
      let newLeader: typeof leader | undefined;
      while (Date.now() - killedAt < takeoverLimitMs) {
        newLeader = await relayLeader(target.postgres.adminUrl, service, [survivor]);
        if (newLeader) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const took = ((Date.now() - killedAt) / 1000).toFixed(1);
      leader.start();
      return newLeader
        ? {
            restoredAt: Date.now(),
            notes: [`${leader.name} led; ${survivor.name} took over in ${took} s`],
            problems: [],
          }
        : {
            restoredAt: Date.now(),
            notes: [],
            problems: [
              `${survivor.name} did not take over the relay within ${takeoverLimitMs / 1000} s of ${leader.name}'s death`,
            ],
          };
    },
  };
}
