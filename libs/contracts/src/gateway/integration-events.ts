import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { publishedEvents } from '../integration-envelope.js';

/**
 * What the gateway publishes on NATS (stream GATEWAY, subjects `gateway.>`): usage metering (ARCHITECTURE.md
 * "Gateway"), for billing's usage records (`GET /api/usage`).
 *
 * Usage is metered per signed-in customer account (`userId`), not per tenant: the identity token the gateway
 * holds names the user and carries no tenant id, and `/api/usage` answers "the signed-in customer's usage".
 * What counts as one `api_calls` unit: an `/api/*` request of a caller with role `tenant` (a customer) that the
 * gateway forwarded to a service and that service answered, whatever its status (a service's 404 or 409 is an
 * answered call). Not counted: visitors (no session), admins (platform staff, who are not billed), requests the
 * gateway refused itself (401, 403, no route, 413, 415, cross-site) and requests whose service could not be
 * reached or did not answer in time (502, 503, 504).
 *
 * One event is one batch: the calls the gateway instance counted in [`periodStart`, `periodEnd`), per user.
 * `batchId` is the envelope's `id` and the JetStream `Nats-Msg-Id`; a batch is republished only with the same id
 * and content, so billing stores each batch once by `batchId`. A period never spans two UTC calendar months: the
 * gateway closes the tally at each month start, so a batch belongs wholly to the month of its `periodStart`.
 */
export const usageMetricSchema = z.enum(['api_calls']);

/**
 * Entries per batch: a tally of more users is split into several batches of the same period. About 100 bytes of
 * JSON per entry keeps a full batch near 0.5 MB, inside NATS's default 1 MB max_payload.
 */
export const maxUsageCountsPerBatch = 5_000;

export const usageCountSchema = z.object({
  userId: idSchema,
  metric: usageMetricSchema,
  quantity: z.number().int().positive(),
});

export const usageRecordedV1DataSchema = z
  .object({
    batchId: idSchema,
    /** Which gateway process counted these (host and pid): for tracing a batch, not part of its identity. */
    gatewayInstance: z.string().min(1).max(300),
    periodStart: isoDateTimeSchema,
    periodEnd: isoDateTimeSchema,
    counts: z.array(usageCountSchema).min(1).max(maxUsageCountsPerBatch),
  })
  .refine((batch) => Date.parse(batch.periodStart) <= Date.parse(batch.periodEnd), {
    message: 'periodStart must not be after periodEnd',
    path: ['periodEnd'],
  })
  .refine((batch) => new Set(batch.counts.map(countKey)).size === batch.counts.length, {
    message: 'each user and metric appears once per batch',
    path: ['counts'],
  });

function countKey(count: z.infer<typeof usageCountSchema>): string {
  return `${count.userId} ${count.metric}`;
}

const gateway = publishedEvents({
  usageRecorded: ['gateway.usage.recorded.v1', usageRecordedV1DataSchema],
});

export const gatewaySubjects = gateway.subjects;
export const { usageRecorded: gatewayUsageRecordedV1 } = gateway.schemas;
export const gatewayIntegrationEventSchema = gateway.union;
export type GatewayIntegrationEvent = z.infer<typeof gatewayIntegrationEventSchema>;
export type GatewayUsageRecordedV1 = z.infer<typeof gatewayUsageRecordedV1>;
export type UsageMetric = z.infer<typeof usageMetricSchema>;
export type UsageCount = z.infer<typeof usageCountSchema>;
export type UsageRecordedV1Data = z.infer<typeof usageRecordedV1DataSchema>;

/** The JetStream stream the gateway owns. */
export const gatewayStream = { name: 'GATEWAY', subjects: ['gateway.>'] } as const;
