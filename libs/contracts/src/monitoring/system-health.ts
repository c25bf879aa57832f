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

/** For a service or the gateway: its own readiness checks. For a dependency: what each service reported. */
export const systemHealthDetailsSchema = z.object({
  kind: z.enum(['service', 'gateway', 'dependency']),
  /** Why it is not operational, in a sentence. */
  reason: z.string().optional(),
  checks: z.array(healthCheckReportSchema).optional(),
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
