import type { ComponentStatus, ServiceLag } from '@app/contracts';
import type { Judgement } from '../domain/health/component-status.js';

/**
 * A service whose readiness reports its lag `lagging` (service-kit: the oldest event not yet applied or
 * published is older than its threshold) is degraded; the reason names the parts over that threshold.
 */
export function judgeLag(lag: ServiceLag | undefined): Judgement {
  if (lag?.status !== 'lagging') return { status: 'operational' };
  const over = (ageMs: number | null): ageMs is number => ageMs !== null && ageMs > lag.degradedAfterMs;
  const parts = [
    ...lag.projections.flatMap((projection) =>
      over(projection.oldestUnappliedAgeMs)
        ? [
            `projection ${projection.name} ${behind(projection.behindEvents, projection.oldestUnappliedAgeMs, lag)}`,
          ]
        : [],
    ),
    ...(lag.relay && over(lag.relay.oldestUnpublishedAgeMs)
      ? [`relay ${behind(lag.relay.behindEvents, lag.relay.oldestUnpublishedAgeMs, lag)}`]
      : []),
  ];
  return {
    status: 'degraded',
    reason: parts.length > 0 ? `Lagging: ${parts.join('; ')}` : 'Lagging behind the event store',
  };
}

function behind(events: number | null, ageMs: number, lag: ServiceLag): string {
  const count =
    events === null
      ? 'an uncounted number of events'
      : events >= lag.countLimit
        ? `at least ${events} events`
        : `${events} ${events === 1 ? 'event' : 'events'}`;
  return `${count} behind, the oldest ${Math.round(ageMs / 1_000)} s old`;
}

const severity: Record<ComponentStatus, number> = { operational: 0, degraded: 1, down: 2 };

/** The worse of two judgements; both reasons when they are equally bad. */
export function worseOf(a: Judgement, b: Judgement): Judgement {
  if (severity[a.status] !== severity[b.status]) return severity[a.status] > severity[b.status] ? a : b;
  const reasons = [a.reason, b.reason].filter((reason) => reason !== undefined);
  return reasons.length > 0 ? { status: a.status, reason: reasons.join('; ') } : { status: a.status };
}
