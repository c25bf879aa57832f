import type { FastifyInstance } from 'fastify';
import { withTimeout } from '../util/with-timeout.js';
import { reportLag, type LagProbe } from './readiness-lag.js';

export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency answers; rejects (or times out) when it does not. */
  check: () => Promise<void>;
}

export interface CheckResult {
  name: string;
  status: 'ok' | 'failed';
  latencyMs: number;
  error?: string;
}

export interface HealthState {
  shuttingDown: boolean;
  /** Set by an event-sourced service's runtime (app.setLagProbe); absent, the body has no `lag`. */
  lag?: LagProbe;
}

/**
 * Liveness says the process runs (a restart would not help otherwise); readiness says it can serve now: every
 * dependency answers and no shutdown has begun. Probes are frequent, so their own request lines are not logged.
 *
 * Readiness body: `{ status, checks, lag? }`. `ok` and `degraded` (lag over its threshold, readiness-lag.ts)
 * answer 200, so Kubernetes keeps routing; `unavailable` (a check failed) and `shutting-down` answer 503.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  checks: readonly ReadinessCheck[],
  state: HealthState,
  timeoutMs: number,
): void {
  const quiet = { config: { policy: 'public' as const }, logLevel: 'warn' as const, schema: { hide: true } };

  app.get('/health/live', quiet, async () => ({ status: 'ok' }));

  app.get('/health/ready', quiet, async (_request, reply) => {
    if (state.shuttingDown) return reply.code(503).send({ status: 'shutting-down', checks: [] });
    const [results, lag] = await Promise.all([
      Promise.all(checks.map((check) => run(check, timeoutMs))),
      state.lag ? reportLag(state.lag, timeoutMs) : undefined,
    ]);
    const healthy = results.every((result) => result.status === 'ok');
    const status = !healthy ? 'unavailable' : lag?.status === 'lagging' ? 'degraded' : 'ok';
    return reply.code(healthy ? 200 : 503).send({ status, checks: results, ...(lag ? { lag } : {}) });
  });
}

async function run({ name, check }: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  try {
    await withTimeout(Promise.resolve().then(check), timeoutMs, `timed out after ${timeoutMs} ms`);
    return { name, status: 'ok', latencyMs: elapsed(started) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { name, status: 'failed', latencyMs: elapsed(started), error: message };
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}
