import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { pageQueryShape } from '../paging.js';
import { userRoleSchema } from '../identity/user.js';
import { auditChangeSchema } from './audit-entry.js';

/**
 * The audit service's routes (issue 21): the admin's Activity (`GET /api/admin/audit`, every entry, filtered),
 * a customer's own Activity tab (`GET /api/activity`: their tenants' entries and their account's), and each as
 * CSV (`…/export`), streamed. Newest first, keyset-paged like every list.
 */
const entityTypeSchema = z
  .string()
  .regex(/^[a-z-]{1,50}$/, { error: 'entityType must be an entity type such as tenant or product' });
const actionSchema = z
  .string()
  .regex(/^[a-z-]{1,50}\.[a-z-]{1,50}$/, { error: 'action must be an action such as product.updated' });

/** `from` and `to` bound the time of the entries, `from` included, `to` excluded. */
const timeRange = {
  from: isoDateTimeSchema.optional().describe('Only entries at or after this time (ISO 8601)'),
  to: isoDateTimeSchema.optional().describe('Only entries before this time (ISO 8601)'),
};

const fromBeforeTo = (query: { from?: string | undefined; to?: string | undefined }) =>
  query.from === undefined || query.to === undefined || Date.parse(query.from) < Date.parse(query.to);
const rangeMessage = { error: 'from must be before to', path: ['to'] };

export const auditFilterShape = {
  actorId: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe("Only what this actor did: a user's id, or a process's name such as billing-renewals"),
  entityType: entityTypeSchema.optional().describe('Only entries about entities of this type'),
  entityId: z.string().min(1).max(100).optional().describe('Only entries about this entity (with its id)'),
  action: actionSchema.optional().describe('Only entries of this action'),
  tenantId: idSchema
    .optional()
    .describe('Only entries about this tenant and what is in it (its subscriptions, invoices, …)'),
  ...timeRange,
};

export const auditListQuerySchema = z
  .strictObject({ ...pageQueryShape, ...auditFilterShape })
  .refine(fromBeforeTo, rangeMessage);
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
export const auditExportQuerySchema = z.strictObject(auditFilterShape).refine(fromBeforeTo, rangeMessage);
export type AuditFilters = z.output<typeof auditExportQuerySchema>;

/** A customer filters their own trail by what it is about and when; who did it they see as You or Support. */
export const activityFilterShape = {
  entityType: auditFilterShape.entityType,
  action: auditFilterShape.action,
  ...timeRange,
};
export const activityListQuerySchema = z
  .strictObject({ ...pageQueryShape, ...activityFilterShape })
  .refine(fromBeforeTo, rangeMessage);
export type ActivityListQuery = z.input<typeof activityListQuerySchema>;
export const activityExportQuerySchema = z
  .strictObject(activityFilterShape)
  .refine(fromBeforeTo, rangeMessage);
export type ActivityFilters = z.output<typeof activityExportQuerySchema>;

const entityViewSchema = z.object({ type: z.string(), id: z.string(), label: z.string().nullable() });

/** An entry as the admin's Activity shows it: the actor named from identity's users (name as it is now). */
export const auditEntrySchema = z.object({
  id: idSchema,
  occurredAt: isoDateTimeSchema,
  action: z.string(),
  actor: z.object({
    type: z.enum(['user', 'system']),
    /** The user's id, or the process's name. */
    id: z.string(),
    /** "Alex Admin", the email when the account has no name, or the process's name. */
    name: z.string(),
    role: userRoleSchema.nullable(),
    /** The customer whose view an admin acted in. */
    onBehalfOf: idSchema.nullable(),
  }),
  entity: entityViewSchema,
  tenantId: idSchema.nullable(),
  changes: z.array(auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditEntryListSchema = z.array(auditEntrySchema);

/**
 * An entry of a customer's own trail: who did it only as they may see it (issue 21: admins shown as Support), the
 * customer themself as You, the platform's processes as System.
 */
export const activityEntrySchema = auditEntrySchema.omit({ actor: true }).extend({
  actor: z.object({ kind: z.enum(['you', 'support', 'system']), name: z.enum(['You', 'Support', 'System']) }),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const activityEntryListSchema = z.array(activityEntrySchema);
