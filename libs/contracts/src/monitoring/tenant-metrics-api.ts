import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';
import {
  metricsAlertsIssuesSchema,
  metricsCustomMetadataSchema,
  metricsFeatureUsageSchema,
  metricsLicenseSchema,
  metricsPerformanceSchema,
  metricsProductInfoSchema,
  metricsSecuritySchema,
  metricsStorageSchema,
  metricsSystemHealthSchema,
  tenantMetricsGroups,
  metricsUsageEntitiesSchema,
  metricsUsersSchema,
  type TenantMetricsGroup,
} from './tenant-metrics-document.js';

/** `?subscription=` picks one of the tenant's subscriptions (SPEC.md §2 "/tenant-monitoring/{tenantId}"). */
export const tenantMetricsQuerySchema = z.strictObject({ subscription: idSchema.optional() });

const groupNameSchema = z.enum(tenantMetricsGroups as [TenantMetricsGroup, ...TenantMetricsGroup[]]);

/**
 * GET /api/tenant-metrics/:tenantId: the last good document of one subscription's app, its groups at the top
 * level as the app sent them (snake_case), plus when it was fetched, from which subscription, and which groups
 * the app did not send.
 */
export const tenantMetricsReplySchema = z.object({
  subscriptionId: idSchema,
  fetchedAt: isoDateTimeSchema,
  missingGroups: z.array(groupNameSchema),
  product_info: metricsProductInfoSchema.optional(),
  custom_metadata: metricsCustomMetadataSchema.optional(),
  system_health: metricsSystemHealthSchema.optional(),
  users: metricsUsersSchema.optional(),
  feature_usage: metricsFeatureUsageSchema.optional(),
  usage_entities: metricsUsageEntitiesSchema.optional(),
  performance: metricsPerformanceSchema.optional(),
  storage: metricsStorageSchema.optional(),
  security: metricsSecuritySchema.optional(),
  license: metricsLicenseSchema.optional(),
  alerts_issues: metricsAlertsIssuesSchema.optional(),
});
export type TenantMetricsReply = z.infer<typeof tenantMetricsReplySchema>;

/** The widest range one history call answers; the monitoring service keeps 30 days by default. */
export const maxHistoryRangeDays = 31;

/** GET /api/tenant-metrics/:tenantId/history: `from`/`to` default to the last 24 hours. */
export const tenantMetricsHistoryQuerySchema = z
  .strictObject({
    from: isoDateTimeSchema.optional(),
    to: isoDateTimeSchema.optional(),
    subscription: idSchema.optional(),
  })
  .refine(({ from, to }) => from === undefined || to === undefined || Date.parse(from) < Date.parse(to), {
    message: 'from must be before to',
    path: ['from'],
  })
  .refine(
    ({ from, to }) =>
      from === undefined ||
      to === undefined ||
      Date.parse(to) - Date.parse(from) <= maxHistoryRangeDays * 24 * 60 * 60 * 1000,
    { message: `The range may span at most ${maxHistoryRangeDays} days`, path: ['from'] },
  );

/** One time bucket: averages of the good scrapes in it (null when none had the value), and how many failed. */
export const metricsHistoryPointSchema = z.object({
  at: isoDateTimeSchema,
  cpuPercent: z.number().nullable(),
  memoryPercent: z.number().nullable(),
  diskPercent: z.number().nullable(),
  responseTimeMs: z.number().nullable(),
  errorRatePercent: z.number().nullable(),
  scrapes: z.number().int(),
  failedScrapes: z.number().int(),
});

export const tenantMetricsHistoryReplySchema = z.object({
  tenantId: idSchema,
  subscriptionId: idSchema,
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  bucketSeconds: z.number().int().positive(),
  points: z.array(metricsHistoryPointSchema),
});
export type TenantMetricsHistoryReply = z.infer<typeof tenantMetricsHistoryReplySchema>;
