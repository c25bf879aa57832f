import { z } from 'zod';
import { pageQueryShape, searchTextSchema } from '../paging.js';
import { hasAtMostTwoDecimals, idSchema, isoDateTimeSchema } from '../common.js';

/**
 * SPEC.md §3 Tenant, §2 "Tenant details" and §7 tenant calls. Provider passwords are write-only: a read says
 * only whether one is set (ARCHITECTURE.md "Decisions": Secrets); an admin reveals one through an audited call.
 */
export const tenantStatuses = ['active', 'suspended'] as const;
export const tenantStatusSchema = z.enum(tenantStatuses, { error: 'Status must be active or suspended' });
export type TenantStatus = z.infer<typeof tenantStatusSchema>;

/** The Service Providers card's four groups, in the order the screen shows them. */
export const providerGroups = ['domainRegistrar', 'dnsServer', 'emailProvider', 'webHosting'] as const;
export const providerGroupSchema = z.enum(providerGroups, {
  error: `Provider group must be one of ${providerGroups.join(', ')}`,
});
export type ProviderGroup = z.infer<typeof providerGroupSchema>;

export const providerGroupLabels: Record<ProviderGroup, string> = {
  domainRegistrar: 'Domain Registrar',
  dnsServer: 'DNS Server',
  emailProvider: 'Email Provider',
  webHosting: 'Web Hosting',
};

export const tenantNameSchema = z
  .string({ error: 'Tenant name is required' })
  .trim()
  .min(1, { error: 'Tenant name is required', abort: true })
  .max(120, 'Tenant name must be at most 120 characters');

/** An empty string means "clear" (the forms send '' for an emptied input); it becomes null. */
const emptyToNull = (text: string) => (text === '' ? null : text);

/**
 * http(s) only: these URLs become links in the admin screens and fetch targets for monitoring, so `javascript:`
 * and friends must never get in.
 */
export const httpUrlSchema = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(2048, `${label} must be at most 2048 characters`)
    .refine((text) => text === '' || isHttpUrl(text), `${label} must be an http(s) URL`)
    .transform(emptyToNull)
    .nullable();

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform(emptyToNull)
    .nullable();

/** Passwords are not trimmed: a leading or trailing space may be part of one. */
const secretText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(1024, `${label} must be at most 1024 characters`)
    .transform(emptyToNull)
    .nullable();

const url = (group: ProviderGroup) => httpUrlSchema(`${providerGroupLabels[group]} URL`);
const username = (group: ProviderGroup) => optionalText(`${providerGroupLabels[group]} username`, 200);
const password = (group: ProviderGroup) => secretText(`${providerGroupLabels[group]} password`);

/** The twelve provider fields of SPEC.md §3, as PATCH accepts them: absent keeps, '' or null clears. */
export const providerFieldsInputShape = {
  domainRegistrarUrl: url('domainRegistrar'),
  domainRegistrarUsername: username('domainRegistrar'),
  domainRegistrarPassword: password('domainRegistrar'),
  dnsServerUrl: url('dnsServer'),
  dnsServerUsername: username('dnsServer'),
  dnsServerPassword: password('dnsServer'),
  emailProviderUrl: url('emailProvider'),
  emailProviderUsername: username('emailProvider'),
  emailProviderPassword: password('emailProvider'),
  webHostingUrl: url('webHosting'),
  webHostingUsername: username('webHosting'),
  webHostingPassword: password('webHosting'),
};

const atLeastOneField = (body: object) => Object.values(body).some((value) => value !== undefined);
const nothingToUpdate = 'Nothing to update: send at least one field';

/** PATCH /api/admin/tenants/:id: name (and status) from Tenant Information, or the provider fields. */
export const patchTenantBodySchema = z
  .strictObject({
    name: tenantNameSchema,
    status: tenantStatusSchema,
    domainUrl: httpUrlSchema('Domain URL'),
    ...providerFieldsInputShape,
  })
  .partial()
  .refine(atLeastOneField, nothingToUpdate);
export type PatchTenantBody = z.input<typeof patchTenantBodySchema>;

/** PUT /api/admin/tenants/:id: the tenant's own information replaced whole; credentials go through PATCH. */
export const replaceTenantBodySchema = z.strictObject({
  name: tenantNameSchema,
  status: tenantStatusSchema,
  domainUrl: httpUrlSchema('Domain URL').default(null),
});
export type ReplaceTenantBody = z.input<typeof replaceTenantBodySchema>;

export const tenantIdParamsSchema = z.strictObject({ id: idSchema });

/** POST /api/admin/tenants/:id/credentials/:group/reveal: the audited read of one provider password. */
export const revealCredentialParamsSchema = z.strictObject({ id: idSchema, group: providerGroupSchema });
export const revealedCredentialSchema = z.object({
  group: providerGroupSchema,
  password: z.string(),
  revealedAt: isoDateTimeSchema,
});
export type RevealedCredential = z.infer<typeof revealedCredentialSchema>;

const nullableText = z.string().nullable();

/** Never the password: only whether one is set. */
const providerFieldsOutputShape = {
  domainRegistrarUrl: nullableText,
  domainRegistrarUsername: nullableText,
  domainRegistrarPasswordSet: z.boolean(),
  dnsServerUrl: nullableText,
  dnsServerUsername: nullableText,
  dnsServerPasswordSet: z.boolean(),
  emailProviderUrl: nullableText,
  emailProviderUsername: nullableText,
  emailProviderPasswordSet: z.boolean(),
  webHostingUrl: nullableText,
  webHostingUsername: nullableText,
  webHostingPasswordSet: z.boolean(),
};

/** A tenant as the admin API returns it; money in dollars. */
export const tenantSchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string(),
  status: tenantStatusSchema,
  ownerId: idSchema.nullable(),
  /** The owner as tenancy last heard of them from identity; null when there is none or none is known yet. */
  owner: z.object({ name: z.string().nullable(), email: z.string() }).nullable(),
  domainUrl: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  subscriptionCount: z.number().int().nonnegative(),
  activeSubscriptions: z.number().int().nonnegative(),
  totalSpent: z.number().nonnegative().refine(hasAtMostTwoDecimals),
  ...providerFieldsOutputShape,
});
export type Tenant = z.infer<typeof tenantSchema>;

export const tenantListSchema = z.array(tenantSchema);

/**
 * GET /api/admin/tenants, newest first: `q` searches name and slug, `status` and `ownerId` filter (user details
 * lists one owner's tenants).
 */
export const tenantListQuerySchema = z.strictObject({
  ...pageQueryShape,
  q: searchTextSchema.describe('Case-insensitive search in name and slug'),
  status: tenantStatusSchema.optional().describe('Only tenants with this status'),
  ownerId: idSchema.optional().describe("Only this user's tenants"),
});
export type TenantListQuery = z.input<typeof tenantListQuerySchema>;

/**
 * GET /api/admin/tenants/summary: the dashboards' tenant figures, kept by a projection rather than counted from
 * the list: how many tenants, how many of each status, the sum of every tenant's `totalSpent` (dollars) and of
 * their subscription counts. With `ownerId`, the same figures over that user's tenants (user details).
 */
export const tenantSummaryQuerySchema = z.strictObject({
  ownerId: idSchema.optional().describe("Only this user's tenants"),
});
export const tenantSummarySchema = z.object({
  totalTenants: z.number().int().nonnegative(),
  activeTenants: z.number().int().nonnegative(),
  suspendedTenants: z.number().int().nonnegative(),
  totalRevenue: z.number(),
  totalSubscriptions: z.number().int().nonnegative(),
  activeSubscriptions: z.number().int().nonnegative(),
});
export type TenantSummary = z.infer<typeof tenantSummarySchema>;

/** The request and response field names of one provider group, e.g. `dnsServerUrl`, for mapping code. */
export function providerFieldNames<Group extends ProviderGroup>(group: Group) {
  return {
    url: `${group}Url` as const,
    username: `${group}Username` as const,
    password: `${group}Password` as const,
    passwordSet: `${group}PasswordSet` as const,
  };
}
