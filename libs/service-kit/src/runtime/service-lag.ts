import {
  defaultLagCountLimit,
  measureProjectionLag,
  measureRelayLag,
  type BacklogReader,
  type ProjectionRunner,
  type Relay,
} from '@app/eventing';
import { defaultLagDegradedAfterMs, type LagProbe } from '../http/readiness-lag.js';

export interface ServiceLagOptions {
  eventStore: BacklogReader;
  projections: Pick<ProjectionRunner, 'categories' | 'checkpoints'>;
  /** Null for a service that publishes nothing. */
  relay: Pick<Relay, 'categories' | 'progress'> | null;
  /** Default defaultLagDegradedAfterMs. */
  degradedAfterMs?: number;
  /** Default defaultLagCountLimit. */
  countLimit?: number;
}

/** The readiness lag of an event-sourced service: each projection's and the relay's backlog, measured at once. */
export function serviceLagProbe(options: ServiceLagOptions): LagProbe {
  const { eventStore, projections, relay } = options;
  const countLimit = options.countLimit ?? defaultLagCountLimit;
  return {
    degradedAfterMs: options.degradedAfterMs ?? defaultLagDegradedAfterMs,
    countLimit,
    measure: async () => {
      const [projectionLag, relayLag] = await Promise.all([
        measureProjectionLag(eventStore, projections, { limit: countLimit }),
        relay ? measureRelayLag(eventStore, relay, { limit: countLimit }) : null,
      ]);
      return { projections: projectionLag, relay: relayLag };
    },
  };
}
