import type { ActivityEntry, AuditEntry } from '@app/contracts';
import { listAddress, meaningfulParams, type ListParams } from '../paging/page.js';
import { pagedQuery, usePagedList } from '../paging/paged-query.js';
import { adminReadError } from './admin-read-errors.js';

/** auditFilterShape's filters (libs/contracts audit/audit-api.ts); `from` and `to` are ISO instants. */
export type AuditFilters = {
  actorId?: string;
  entityType?: string;
  entityId?: string;
  action?: string;
  tenantId?: string;
  from?: string;
  to?: string;
};

/** activityFilterShape's: a customer filters their own trail by what it is about and when. */
export type ActivityFilters = Pick<AuditFilters, 'entityType' | 'action' | 'from' | 'to'>;

/**
 * The trail grows with every change anywhere, not with this screen's own writes, so it is read again whenever a
 * screen showing it opens, unlike SPEC.md §7's never-stale lists, which the screen's own writes refresh.
 */
const readOnEveryOpen = { staleTime: 0 } as const;

const auditPath = '/api/admin/audit';
const activityPath = '/api/activity';

/** Keys start with the path read (query-keys.ts), filters after a `list` marker. */
export const auditQueryKeys = {
  adminAudit: [auditPath] as const,
  adminAuditList: (filters: ListParams) => [auditPath, 'list', meaningfulParams(filters)] as const,
  activity: [activityPath] as const,
  activityList: (filters: ListParams) => [activityPath, 'list', meaningfulParams(filters)] as const,
};

/** GET /api/admin/audit: the whole trail, newest first, a page at a time (the Activity screen and cards). */
export function adminAuditQuery(filters: AuditFilters & { limit?: number } = {}) {
  return {
    ...pagedQuery<AuditEntry>(auditQueryKeys.adminAuditList(filters), listAddress(auditPath, filters), {
      errorMessage: adminReadError,
    }),
    ...readOnEveryOpen,
  };
}

/** GET /api/activity: the signed-in customer's own trail (their dashboard's Activity tab). */
export function activityQuery(filters: ActivityFilters = {}) {
  return {
    ...pagedQuery<ActivityEntry>(auditQueryKeys.activityList(filters), listAddress(activityPath, filters)),
    ...readOnEveryOpen,
  };
}

/**
 * The CSV of the filtered trail, followed as a link rather than fetched: the server streams it, and the browser
 * writes it to disk as it arrives (libs/csv download-csv.ts says why a Blob is only for small files).
 */
export function adminAuditExportAddress(filters: AuditFilters): string {
  return listAddress(`${auditPath}/export`, filters);
}

export function activityExportAddress(filters: ActivityFilters): string {
  return listAddress(`${activityPath}/export`, filters);
}

export function useAdminAudit(filters: AuditFilters & { limit?: number } = {}) {
  return usePagedList(adminAuditQuery(filters));
}

export function useActivity(filters: ActivityFilters = {}) {
  return usePagedList(activityQuery(filters));
}
