import type { ComponentStatus } from '@app/contracts';

/**
 * How GET /api/admin/health judges what it probed (ARCHITECTURE.md "Decisions": `operational | degraded |
 * down`). A process that answers its readiness probe is operational, degraded when slow or when one of its
 * dependencies fails, and down when it cannot be reached, shuts down or answers anything else.
 */
export interface CheckReport {
  name: string;
  status: 'ok' | 'failed';
  latencyMs: number;
  error?: string | undefined;
}

export type ReadinessProbe =
  | { reached: false; latencyMs: number; error: string }
  | {
      reached: true;
      latencyMs: number;
      httpStatus: number;
      /** The readiness body's `status` and `checks`, when it had that shape. */
      bodyStatus: string | null;
      checks: CheckReport[];
    };

export interface Judgement {
  status: ComponentStatus;
  reason?: string;
}

/** A probe answered slower than this marks the component degraded. */
export const slowProbeMs = 1_000;

export function judgeProbe(probe: ReadinessProbe): Judgement {
  if (!probe.reached) return { status: 'down', reason: `Not reachable: ${probe.error}` };
  if (probe.bodyStatus === 'shutting-down') return { status: 'down', reason: 'Shutting down' };
  const failed = probe.checks.filter((check) => check.status === 'failed');
  if (probe.httpStatus === 503 && failed.length > 0) {
    const names = failed.map((check) => `${check.name}${check.error ? ` (${check.error})` : ''}`);
    return { status: 'degraded', reason: `Not ready: ${names.join(', ')} failed` };
  }
  if (probe.httpStatus !== 200)
    return { status: 'down', reason: `Readiness answered HTTP ${probe.httpStatus}` };
  if (probe.latencyMs > slowProbeMs) {
    return { status: 'degraded', reason: `Answered slowly (${Math.round(probe.latencyMs)} ms)` };
  }
  return { status: 'operational' };
}

export interface DependencyReport {
  service: string;
  check: CheckReport;
}

export interface DependencyJudgement extends Judgement {
  name: string;
  /** The slowest check that reported it. */
  latencyMs: number;
  reports: DependencyReport[];
}

/**
 * A shared dependency (Postgres, NATS, the event store) as the services' own readiness checks see it: down when
 * every service that checks it fails, degraded when some do, operational when none does.
 */
export function judgeDependencies(reports: readonly DependencyReport[]): DependencyJudgement[] {
  const byName = new Map<string, DependencyReport[]>();
  for (const report of reports) {
    const list = byName.get(report.check.name) ?? [];
    list.push(report);
    byName.set(report.check.name, list);
  }
  return [...byName].map(([name, list]) => {
    const failing = list.filter((report) => report.check.status === 'failed');
    const latencyMs = Math.max(...list.map((report) => report.check.latencyMs));
    const failingNames = failing.map((report) => report.service).join(', ');
    const judgement: Judgement =
      failing.length === 0
        ? { status: 'operational' }
        : failing.length === list.length
          ? { status: 'down', reason: `Failing for every service that checks it (${failingNames})` }
          : { status: 'degraded', reason: `Failing for ${failingNames}` };
    return { name, latencyMs, reports: list, ...judgement };
  });
}
