import { z } from 'zod';
import { idSchema } from '../common.js';
import { subscriptionStatusSchema } from './subscription.js';

/**
 * Tenancy's internal call GET /internal/metrics-endpoints, made by the monitoring service only (never under /api,
 * never published): every subscription with a domain URL, with its metrics API key.
 */

/** Strict: a misspelt filter is refused rather than ignored, which would hand out every tenant's keys. */
export const metricsEndpointsQuerySchema = z.strictObject({
  tenantId: idSchema.optional(),
  subscriptionId: idSchema.optional(),
});
export type MetricsEndpointsQuery = z.infer<typeof metricsEndpointsQuerySchema>;

/** One watched app. */
export const metricsEndpointSchema = z.object({
  subscriptionId: idSchema,
  tenantId: idSchema,
  productId: idSchema,
  status: subscriptionStatusSchema,
  domainUrl: z.string(),
  /** In plain text: this call is how monitoring gets it. Null when none is configured or it cannot be opened. */
  metricsApiKey: z.string().nullable(),
});
export type MetricsEndpoint = z.infer<typeof metricsEndpointSchema>;

export const metricsEndpointsReplySchema = z.object({ endpoints: z.array(metricsEndpointSchema) });
