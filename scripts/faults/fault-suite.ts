import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '@app/test-support';
import { buildPlatformInto } from './built-platform.js';
import { layOutPlatform } from './deployables.js';
import { seenNotReady, type Fault, type FaultTarget } from './fault-plan.js';
import { faultTable, type WindowRow } from './fault-table.js';
import { createApiClient, jsonOf } from './http-client.js';
import { createLedger } from './ledger.js';
import { managedProcess, type ManagedProcess } from './managed-process.js';
import { startNatsServer, type NatsServer } from './nats-server.js';
import { startPlatformProcesses, untilReady, type PlatformProcess } from './platform-processes.js';
import { startPostgresServer, type PostgresServer } from './postgres-server.js';
import { startReadinessSampler, type ReadinessSampler } from './readiness-sampler.js';
import { awaitRecovery, restartCrashed } from './recovery.js';
import { createCustomer, demoAdmin, signIn } from './sessions.js';
import { readStoreSnapshot } from './store-snapshot.js';
import { checkWrites, type WriteFinding } from './write-checks.js';
import { startWriteLoad } from './write-load.js';

/**
 * The fault suite (README "Faults and concurrency"): its own Postgres and NATS, the built platform as separate
 * processes plus a second catalog, a steady write load through the gateway, and the faults one at a time with
 * recovery in between.
 * Afterwards every acknowledged write must be in the event store, the owner's read model and every consumer's
 * copy exactly once, every process must have come back by itself, and every service must have said it was not
 * ready while Postgres or NATS was gone.
 */
export interface SuiteOptions {
  /** The checkout to build. */
  root: string;
  /** The faults in order: fault-plan.ts's full plan for `npm run faults`, a few for the short variant. */
  faults: readonly Fault[];
  /** Steady load before the first fault and after each recovery. */
  steadyMs: number;
  log: (line: string) => void;
}

export interface SuiteReport {
  table: string;
  /** Everything that makes the run fail, with its evidence. */
  problems: string[];
  /** What each process printed last (they log warnings and errors only): evidence for a failed run. */
  logs: Array<{ name: string; lines: string[] }>;
}

const replicated = { service: 'catalog', replica: 'catalog-2' };
const dependents = ['catalog', 'identity', 'tenancy', 'billing', 'monitoring', replicated.replica];
const recoveryLimitMs = 90_000;
const convergenceLimitMs = 60_000;
const requestTimeoutMs = 15_000;

/**
 * `interruption`: a Ctrl-C of the command line. When its signal aborts, every process is killed and the folder
 * deleted, then `cleanedUp` is called (the caller exits there; the run itself is abandoned).
 */
export async function runFaultSuite(
  options: SuiteOptions,
  interruption?: { signal: AbortSignal; cleanedUp: () => void },
): Promise<SuiteReport> {
  const { log } = options;
  const folder = await mkdtemp(join(tmpdir(), 'faults-'));
  const running: PlatformProcess[] = [];
  const seeds: ManagedProcess[] = [];
  let postgres: PostgresServer | undefined;
  let nats: NatsServer | undefined;
  let sampler: ReadinessSampler | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await sampler?.stop();
      await Promise.all(
        [...running.map((entry) => entry.process), ...seeds].map((child) => child.kill('SIGKILL')),
      );
      await nats?.process.kill('SIGKILL');
      await postgres?.process.kill('SIGQUIT');
      await rm(folder, { recursive: true, force: true });
    })());
  interruption?.signal.addEventListener('abort', () => void cleanUp().finally(interruption.cleanedUp));
  try {
    log('building the platform …');
    const runtime = await buildPlatformInto(options.root, join(folder, 'runtime'));
    postgres = await startPostgresServer(folder, await freePort());
    nats = await startNatsServer(folder, await freePort());
    const layout = await layOutPlatform({
      runtime,
      databaseUrl: postgres.url,
      natsUrl: nats.url,
      replicaOf: replicated.service,
    });
    log('starting every process and running the seeds …');
    await startPlatformProcesses(
      layout.deployables,
      (entry) => running.push(entry),
      (seed) => seeds.push(seed),
    );
    const replica = { deployable: layout.replica, process: managedProcess(layout.replica.spec) };
    running.push(replica);
    replica.process.start();
    await untilReady(replica, 60_000);

    const processes = new Map(running.map((entry) => [entry.process.name, entry]));
    sampler = startReadinessSampler(() =>
      running.map((entry) => ({ name: entry.process.name, url: entry.deployable.readinessUrl })),
    );
    const target: FaultTarget = { postgres, nats, processes, sampler, dependents, replicated };
    const report = await faultsUnderLoad(target, layout.gatewayUrl, options);
    return {
      ...report,
      logs: running.map((entry) => ({ name: entry.process.name, lines: entry.process.tail() })),
    };
  } finally {
    await cleanUp();
  }
}

async function faultsUnderLoad(
  target: FaultTarget,
  gatewayUrl: string,
  options: SuiteOptions,
): Promise<Omit<SuiteReport, 'logs'>> {
  const { log } = options;
  const admin = await signIn(gatewayUrl, demoAdmin.email, demoAdmin.password, requestTimeoutMs);
  const customers = [];
  for (const index of [1, 2]) {
    customers.push(
      await createCustomer(
        admin,
        `fault-buyer-${index}@faults.example.com`,
        `fault-buyer-password-${index}`,
        requestTimeoutMs,
      ),
    );
  }
  const catalogue = jsonOf<Array<{ id: string; basePrice: number; isActive: boolean }>>(
    await createApiClient(gatewayUrl, requestTimeoutMs).send({ method: 'GET', path: '/api/products' }),
  );
  const products = (catalogue ?? []).filter((product) => product.isActive).slice(0, 3);
  const ledger = createLedger();
  const load = startWriteLoad({ admin, customers, products, ledger, periodMs: 250, giveUpMs: 30_000 });

  const rows: WindowRow[] = [];
  const problems: string[] = [];
  ledger.window = 'no fault';
  log('steady load without faults …');
  await steady(options.steadyMs);
  rows.push({ fault: ledger.window, recoveredInS: null, readiness: '—', notes: [] });

  for (const fault of options.faults) {
    // A fault injected twice gets a row of its own each time: the rows are keyed by this name.
    const repeats = rows.filter((row) => row.fault === fault.name || row.fault.startsWith(`${fault.name} #`));
    const name = repeats.length === 0 ? fault.name : `${fault.name} #${repeats.length + 1}`;
    log(`${name} …`);
    ledger.window = name;
    const startedAt = Date.now();
    const injected = await fault.inject(target);
    const recovery = await awaitRecovery(target, ledger, injected.restoredAt, recoveryLimitMs);
    const crashes = await restartCrashed(target, startedAt);
    const row: WindowRow = {
      fault: name,
      recoveredInS: 'recoveredAt' in recovery ? (recovery.recoveredAt - startedAt) / 1000 : null,
      readiness: '—',
      notes: [
        ...injected.notes,
        ...crashes.map((crash) => `${crash.name} died (${crash.exit}), restarted by the suite`),
      ],
    };
    problems.push(...injected.problems.map((problem) => `${name}: ${problem}`));
    for (const crash of crashes) {
      problems.push(
        `${name}: ${crash.name} exited by itself (${crash.exit}):\n    ${crash.lastLines.join('\n    ')}`,
      );
    }
    if ('notRecovered' in recovery) problems.push(`${name}: did not recover: ${recovery.notRecovered}`);
    if (fault.outage) {
      const truthful = seenNotReady(target, startedAt, injected.restoredAt);
      const silent = target.dependents.filter((dependent) => !truthful.has(dependent));
      row.readiness =
        silent.length === 0
          ? `all ${target.dependents.length} not ready`
          : `stayed ready: ${silent.join(', ')}`;
      if (silent.length > 0) problems.push(`${name}: ${silent.join(', ')} said ready while it was down`);
    }
    rows.push(row);
    await steady(options.steadyMs);
  }

  log('stopping the load and waiting for every copy to catch up …');
  await load.stop();
  problems.push(...load.refusals.map((refusal) => `a write was refused for good: ${refusal}`));
  const findings = await converged(target.postgres.url, ledger.writes);
  for (const finding of findings) {
    if (finding.missingIn.length === 0 && finding.duplicatedIn.length === 0) continue;
    const { write } = finding;
    problems.push(
      `${write.kind} ${write.action} ${write.marker} (${write.aggregateId}, acknowledged during "${write.window}")` +
        (finding.missingIn.length > 0 ? ` missing in ${finding.missingIn.join(', ')}` : '') +
        (finding.duplicatedIn.length > 0 ? ` more than once in ${finding.duplicatedIn.join(', ')}` : ''),
    );
  }
  for (const evidence of load.abandoned)
    log(`given up without an answer (not counted as acknowledged): ${evidence}`);
  return { table: faultTable(rows, ledger.replies, findings), problems };
}

/** Steady load for a while: the time between faults, not a wait for a condition. */
async function steady(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** The write findings once nothing is missing any more, or as they stand after `convergenceLimitMs`. */
async function converged(
  databaseUrl: string,
  writes: Parameters<typeof checkWrites>[0],
): Promise<WriteFinding[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  try {
    const deadline = Date.now() + convergenceLimitMs;
    for (;;) {
      const findings = checkWrites(writes, await readStoreSnapshot(pool));
      if (findings.every((finding) => finding.missingIn.length === 0) || Date.now() > deadline)
        return findings;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await pool.end();
  }
}
