import { z } from 'zod';
import { isoDateTimeSchema } from '../common.js';

/** ARCHITECTURE.md "Decisions": Tenant metrics. `degraded` answers but with a failing part or slowly. */
export const componentStatuses = ['operational', 'degraded', 'down'] as const;
export const componentStatusSchema = z.enum(componentStatuses);
export type ComponentStatus = z.infer<typeof componentStatusSchema>;

/** One dependency check as a service's `/health/ready` reports it. */
export const healthCheckReportSchema = z.object({
  name: z.string(),
  status: z.enum(['ok', 'failed']),
  latencyMs: z.number(),
  error: z.string().optional(),
});

/** Null where the event store cannot count cheaply (KurrentDB while behind); counting stops at `countLimit`. */
const behindEventsSchema = z.number().int().nonnegative().nullable();
/** Null when nothing is waiting. */
const ageMsSchema = z.number().nonnegative().nullable();

export const projectionLagSchema = z.object({
  name: z.string(),
  behindEvents: behindEventsSchema,
  oldestUnappliedAgeMs: ageMsSchema,
});
export type ProjectionLagReport = z.infer<typeof projectionLagSchema>;

export const relayLagSchema = z.object({
  behindEvents: behindEventsSchema,
  oldestUnpublishedAgeMs: ageMsSchema,
});
export type RelayLagReport = z.infer<typeof relayLagSchema>;

/**
 * How far an event-sourced service's projections and relay are behind its event store, as the `lag` section of
 * its `/health/ready` (service-kit) and in its /api/admin/health entry. `lagging` once the oldest event not
 * yet applied or published is older than `degradedAfterMs`, which makes the service `degraded`; `unknown` when
 * it could not be measured (`error` says why; `projections` is then empty and `relay` null).
 */
export const serviceLagSchema = z.object({
  status: z.enum(['ok', 'lagging', 'unknown']),
  degradedAfterMs: z.number().int().positive(),
  /** `behindEvents` stops counting here: a value equal to it means at least that many. */
  countLimit: z.number().int().positive(),
  projections: z.array(projectionLagSchema),
  /** Null for a service that publishes nothing, or when the lag is unknown. */
  relay: relayLagSchema.nullable(),
  error: z.string().optional(),
});
export type ServiceLag = z.infer<typeof serviceLagSchema>;

/**
 * For a service or the gateway: its own readiness checks, and an event-sourced service's lag. For a
 * dependency: what each service reported.
 */
export const systemHealthDetailsSchema = z.object({
  kind: z.enum(['service', 'gateway', 'dependency']),
  /** Why it is not operational, in a sentence. */
  reason: z.string().optional(),
  checks: z.array(healthCheckReportSchema).optional(),
  lag: serviceLagSchema.optional(),
  reportedBy: z
    .array(
      z.object({
        service: z.string(),
        status: z.enum(['ok', 'failed']),
        latencyMs: z.number(),
        error: z.string().optional(),
      }),
    )
    .optional(),
});

/** One entry of GET /api/admin/health (SPEC.md §3 "System health entries", §7). */
export const systemHealthEntrySchema = z.object({
  name: z.string(),
  status: componentStatusSchema,
  /** Round trip of the probe for a service; the slowest reported check for a dependency. */
  latencyMs: z.number().nonnegative(),
  checkedAt: isoDateTimeSchema,
  details: systemHealthDetailsSchema,
});
export type SystemHealthEntry = z.infer<typeof systemHealthEntrySchema>;

export const systemHealthReplySchema = z.array(systemHealthEntrySchema);
