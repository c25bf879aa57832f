import type { ProjectionLagReport, RelayLagReport, ServiceLag } from '@app/contracts';
import { withTimeout } from '../util/with-timeout.js';

/**
 * The `lag` section of /health/ready for an event-sourced service (runtime/service-lag.ts measures it): how far
 * its projections and relay are behind the event store. Lag makes a service `degraded`, never unready: taking a
 * replica out of the load balancer does not make its projections catch up, every replica shares the same read
 * model so all would leave together, and commands already answer `X-View-May-Lag` when their view is late.
 */
export interface LagProbe {
  measure(): Promise<{ projections: ProjectionLagReport[]; relay: RelayLagReport | null }>;
  /** The oldest event not yet applied or published may be this old before the service reports `degraded`. */
  degradedAfterMs: number;
  /** Where `behindEvents` stops counting. */
  countLimit: number;
}

/** Long enough for a catch-up after a deploy or a burst, short enough that a stuck projection shows. */
export const defaultLagDegradedAfterMs = 30_000;

/** Measures within `timeoutMs`; a failure becomes `unknown` with its reason, not a failed readiness. */
export async function reportLag(probe: LagProbe, timeoutMs: number): Promise<ServiceLag> {
  const { degradedAfterMs, countLimit } = probe;
  try {
    const { projections, relay } = await withTimeout(
      probe.measure(),
      timeoutMs,
      `lag not measured within ${timeoutMs} ms`,
    );
    const ages = [
      ...projections.map((projection) => projection.oldestUnappliedAgeMs),
      relay?.oldestUnpublishedAgeMs ?? null,
    ];
    const lagging = ages.some((age) => age !== null && age > degradedAfterMs);
    return { status: lagging ? 'lagging' : 'ok', degradedAfterMs, countLimit, projections, relay };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: 'unknown', degradedAfterMs, countLimit, projections: [], relay: null, error: message };
  }
}
