import { z } from 'zod';
import { serviceLagSchema, type ServiceLag, type SystemHealthEntry } from '@app/contracts';
import type { ReadinessCheck } from '@app/service-kit';
import {
  judgeDependencies,
  judgeProbe,
  type CheckReport,
  type DependencyReport,
  type ReadinessProbe,
} from '../domain/health/component-status.js';
import { judgeLag, worseOf } from './lag-status.js';

export interface ProbedComponent {
  name: string;
  kind: 'service' | 'gateway';
  /** Base URL; its `/health/ready` is probed. */
  url: string;
}

export interface PlatformHealthDeps {
  components: readonly ProbedComponent[];
  /** Monitoring's own readiness checks, run in process rather than over HTTP. */
  self: { name: string; checks: readonly ReadinessCheck[] };
  /** Per probe; above service-kit's 2 s per readiness check, so a slow check is reported, not timed out. */
  timeoutMs?: number;
  now?: () => Date;
}

/** service-kit's readiness body (libs/service-kit/src/http/health.ts); read leniently, it is another process. */
const readinessBodySchema = z.object({
  status: z.string(),
  checks: z.array(
    z.object({
      name: z.string(),
      status: z.enum(['ok', 'failed']),
      latencyMs: z.number(),
      error: z.string().optional(),
    }),
  ),
  /** An event-sourced service's lag; one that does not parse is left out rather than failing the probe. */
  lag: serviceLagSchema.optional().catch(undefined),
});

/** What probing one component found: its readiness, and its lag when it reports one. */
interface Probed {
  probe: ReadinessProbe;
  lag?: ServiceLag | undefined;
}

/** Display names of the dependency checks every service-kit service runs. */
const dependencyNames: Record<string, string> = {
  postgres: 'PostgreSQL',
  nats: 'NATS',
  'event store': 'Event store',
};

/**
 * GET /api/admin/health (SPEC.md §7): one entry per configured service and the gateway from their
 * `/health/ready`, one for monitoring itself, and one per dependency as those readiness checks report it. An
 * event-sourced service's entry carries its projections' and relay's lag (`details.lag`), and is degraded
 * while that lag is over the service's threshold.
 */
export function createPlatformHealth(deps: PlatformHealthDeps) {
  const { timeoutMs = 3_000, now = () => new Date() } = deps;

  async function probe(component: ProbedComponent): Promise<Probed> {
    const started = performance.now();
    try {
      const response = await fetch(new URL('/health/ready', component.url), {
        signal: AbortSignal.timeout(timeoutMs),
      });
      const latencyMs = elapsed(started);
      const body = readinessBodySchema.safeParse(await response.json().catch(() => null));
      return {
        probe: {
          reached: true,
          latencyMs,
          httpStatus: response.status,
          bodyStatus: body.success ? body.data.status : null,
          checks: body.success ? body.data.checks : [],
        },
        lag: body.success ? body.data.lag : undefined,
      };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const message = timedOut
        ? `no answer within ${timeoutMs} ms`
        : (cause ?? (error instanceof Error ? error.message : String(error)));
      return { probe: { reached: false, latencyMs: elapsed(started), error: message } };
    }
  }

  async function probeSelf(): Promise<Probed> {
    const started = performance.now();
    const checks = await Promise.all(deps.self.checks.map((check) => runCheck(check, timeoutMs)));
    const healthy = checks.every((check) => check.status === 'ok');
    return {
      probe: {
        reached: true,
        latencyMs: elapsed(started),
        httpStatus: healthy ? 200 : 503,
        bodyStatus: healthy ? 'ok' : 'unavailable',
        checks,
      },
    };
  }

  return {
    async check(): Promise<SystemHealthEntry[]> {
      const checkedAt = now().toISOString();
      const [selfProbe, ...probes] = await Promise.all([probeSelf(), ...deps.components.map(probe)]);
      const probed = [
        ...deps.components.map((component, index) => ({
          name: component.name,
          kind: component.kind,
          ...(probes[index] as Probed),
        })),
        { name: deps.self.name, kind: 'service' as const, ...(selfProbe as Probed) },
      ];
      const entries: SystemHealthEntry[] = probed.map(({ name, kind, probe: result, lag }) => {
        const judgement = worseOf(judgeProbe(result), judgeLag(lag));
        return {
          name,
          status: judgement.status,
          latencyMs: result.latencyMs,
          checkedAt,
          details: {
            kind,
            ...(judgement.reason ? { reason: judgement.reason } : {}),
            ...(result.reached ? { checks: result.checks } : {}),
            ...(lag ? { lag } : {}),
          },
        };
      });
      const reports: DependencyReport[] = probed.flatMap(({ name, probe: result }) =>
        result.reached ? result.checks.map((check) => ({ service: name, check })) : [],
      );
      for (const dependency of judgeDependencies(reports)) {
        entries.push({
          name: dependencyNames[dependency.name] ?? dependency.name,
          status: dependency.status,
          latencyMs: dependency.latencyMs,
          checkedAt,
          details: {
            kind: 'dependency',
            ...(dependency.reason ? { reason: dependency.reason } : {}),
            reportedBy: dependency.reports.map(({ service, check }) => ({
              service,
              status: check.status,
              latencyMs: check.latencyMs,
              ...(check.error ? { error: check.error } : {}),
            })),
          },
        });
      }
      return entries;
    },
  };
}

export type PlatformHealth = ReturnType<typeof createPlatformHealth>;

async function runCheck(check: ReadinessCheck, timeoutMs: number): Promise<CheckReport> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(check.check),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { name: check.name, status: 'ok', latencyMs: elapsed(started) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { name: check.name, status: 'failed', latencyMs: elapsed(started), error: message };
  } finally {
    clearTimeout(timer);
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}
