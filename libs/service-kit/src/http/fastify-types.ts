import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import type { Caller, Policy } from '../identity/caller.js';
import type { LagProbe } from './readiness-lag.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route; a route without one fails at startup. */
    policy: Policy;
    /** Command routes set this so an `Idempotency-Key` header makes retries safe (idempotency plugin). */
    idempotent?: boolean;
    /**
     * Top-level fields of a JSON reply that are not kept for an idempotent replay, because they carry a secret
     * meant to be shown once (a password-setup link): the replay answers without them.
     */
    replayOmits?: readonly string[];
  }

  interface FastifyRequest {
    /** Set from the verified `x-identity-token`; null when the route is public and no token came. */
    caller: Caller | null;
    /**
     * The operation an idempotent request's `Idempotency-Key` stands for, the same on every attempt under the
     * key (idempotency plugin); null without a key, or on a route that is not idempotent.
     */
    operationId: string | null;
  }

  interface FastifyInstance {
    /** Makes /health/ready answer 503 from now on; runService calls it when a shutdown signal arrives. */
    markNotReady(): void;
    /**
     * Adds the `lag` section to /health/ready, and `degraded` when it is over its threshold;
     * runEventSourcedService sets it once the projections and the relay run.
     */
    setLagProbe(probe: LagProbe): void;
    /** This app's Prometheus registry, for a service's own metrics. */
    metricsRegistry: Registry;
  }
}

/** The Fastify instance createService returns: zod schemas type params, body, query and replies. */
export type ServiceApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
