import { z } from 'zod';

/**
 * The document a tenant app serves at `GET {domainUrl}/api/metrics` (SPEC.md §3 "Tenant metrics response",
 * ARCHITECTURE.md "Decisions": Tenant metrics). snake_case as the app sends it and as the monitoring screen reads
 * it. Unknown fields are dropped (zod's default for objects), so an app may send more than we know. Each group
 * may be absent (the monitoring service records it as missing); a group that is present must be well formed, or
 * the whole document is refused with the reason.
 */

const count = z.number().int().nonnegative();
const amount = z.number().finite().nonnegative();
const percent = z.number().finite().min(0).max(100);
/** Bounds text fields so one document cannot balloon a stored row (the scrape also caps the body's bytes). */
const text = z.string().max(500);
/** A date or date-time as the app writes it; anything `Date.parse` cannot read is refused. */
const dateText = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 date or date-time');

export const metricsProductInfoSchema = z.object({
  name: text,
  version: text,
  license_type: text,
  region: text,
  timezone: text,
});

export const metricsCustomMetadataSchema = z.object({
  tenant_type: text.nullable(),
  tags: z.array(z.string().max(100)).max(50).nullable(),
  admin_notes: z.string().max(5_000).nullable(),
});

export const metricsSystemHealthSchema = z.object({
  status: text,
  uptime_seconds: amount,
  cpu_usage_percent: percent,
  memory_usage_percent: percent,
  disk_usage_percent: percent,
});

export const metricsUserLoginSchema = z.object({
  email: text,
  user_id: text,
  last_login: dateText.nullable(),
  monthly_login_count: count,
  inactive: z.boolean(),
});

export const metricsUsersSchema = z.object({
  total: count,
  active_last_7_days: count,
  active_last_30_days: count,
  new_users_last_30_days: count,
  user_login_summary: z.array(metricsUserLoginSchema).max(1_000).default([]),
});

export const metricsFeatureUsageSchema = z.object({
  create_project: count,
  project_updates: count,
  expense_tracking: count,
  integrations_connected: count,
});

export const metricsUsageEntitiesSchema = z.object({
  projects: count,
  clients: count,
  materials: count,
  expenses: count,
  contractors: count,
  custom_entities: z
    .record(z.string().max(100), count)
    .refine((entities) => Object.keys(entities).length <= 100, 'must have at most 100 entries')
    .default({}),
});

export const metricsPerformanceSchema = z.object({
  average_response_time_ms: amount,
  error_rate_percent: percent,
  api_5xx_count: count,
  api_4xx_count: count,
  peak_rps: amount,
});

export const metricsStorageSchema = z.object({
  used_mb: amount,
  total_allocated_mb: amount,
  monthly_data_ingested_mb: amount,
  monthly_data_egressed_mb: amount,
});

export const metricsSecuritySchema = z.object({
  failed_login_attempts: count,
  password_reset_requests: count,
  account_lockouts: count,
  last_admin_action: dateText.nullable(),
});

export const metricsLicenseSchema = z.object({
  current_usage_tier: text,
  expiry_date: dateText.nullable(),
  sla_uptime_percent: percent,
  overage_flag: z.boolean(),
});

export const metricsAlertsIssuesSchema = z.object({
  open_issues_count: count,
  critical_alerts_last_7_days: count,
  last_incident_datetime: dateText.nullable(),
});

/** The groups, in SPEC.md §3's order. */
export const tenantMetricsGroupSchemas = {
  product_info: metricsProductInfoSchema,
  custom_metadata: metricsCustomMetadataSchema,
  system_health: metricsSystemHealthSchema,
  users: metricsUsersSchema,
  feature_usage: metricsFeatureUsageSchema,
  usage_entities: metricsUsageEntitiesSchema,
  performance: metricsPerformanceSchema,
  storage: metricsStorageSchema,
  security: metricsSecuritySchema,
  license: metricsLicenseSchema,
  alerts_issues: metricsAlertsIssuesSchema,
} as const;

export type TenantMetricsGroup = keyof typeof tenantMetricsGroupSchemas;
export const tenantMetricsGroups = Object.keys(tenantMetricsGroupSchemas) as TenantMetricsGroup[];

/** `null` counts as missing, like an absent group: some apps write every group and null out what they lack. */
function optionalGroup<Schema extends z.ZodType>(schema: Schema) {
  return schema.nullish().transform((value): z.output<Schema> | undefined => value ?? undefined);
}

/** A document with none of the groups is not a metrics document at all (an error page served as JSON, say). */
export const tenantMetricsDocumentSchema = z
  .object({
    product_info: optionalGroup(metricsProductInfoSchema),
    custom_metadata: optionalGroup(metricsCustomMetadataSchema),
    system_health: optionalGroup(metricsSystemHealthSchema),
    users: optionalGroup(metricsUsersSchema),
    feature_usage: optionalGroup(metricsFeatureUsageSchema),
    usage_entities: optionalGroup(metricsUsageEntitiesSchema),
    performance: optionalGroup(metricsPerformanceSchema),
    storage: optionalGroup(metricsStorageSchema),
    security: optionalGroup(metricsSecuritySchema),
    license: optionalGroup(metricsLicenseSchema),
    alerts_issues: optionalGroup(metricsAlertsIssuesSchema),
  })
  .refine(
    (document) => tenantMetricsGroups.some((group) => document[group] !== undefined),
    'the document has none of the metrics groups',
  );

export type TenantMetricsDocument = z.output<typeof tenantMetricsDocumentSchema>;

/** The groups a validated document lacks, in SPEC.md §3's order. */
export function missingMetricsGroups(document: TenantMetricsDocument): TenantMetricsGroup[] {
  return tenantMetricsGroups.filter((group) => document[group] === undefined);
}
