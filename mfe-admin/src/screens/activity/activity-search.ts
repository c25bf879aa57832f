import { auditFilterShape } from '@app/contracts';
import type { AuditFilters } from '@app/web-data';

/** The filters the Activity screen keeps in its address, by the API's own names, so a link can set any of them. */
export const filterNames = [
  'actorId',
  'entityType',
  'entityId',
  'action',
  'tenantId',
  'from',
  'to',
] as const satisfies readonly (keyof AuditFilters)[];
export type FilterName = (typeof filterNames)[number];

/**
 * The filters in `search`, each checked by the API's own schema: a value the server would refuse (a hand-edited
 * address) is left out rather than turn the whole screen into a 400. A range whose `from` is not before its `to`
 * keeps only `from`.
 */
export function filtersFromSearch(search: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of filterNames) {
    const value = search.get(name);
    if (value === null || value === '') continue;
    const parsed = auditFilterShape[name].safeParse(value);
    if (parsed.success && parsed.data !== undefined) filters[name] = parsed.data;
  }
  if (filters.from && filters.to && Date.parse(filters.from) >= Date.parse(filters.to)) delete filters.to;
  return filters;
}

/** `search` with `changes` applied: undefined or empty text removes a filter; other parameters are kept. */
export function withFilters(
  search: URLSearchParams,
  changes: Partial<Record<FilterName, string | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  }
  return next;
}

/** The address of the Activity screen filtered by `filters`: the details screens' cards link to it. */
export function activityPath(filters: AuditFilters): string {
  const search = withFilters(new URLSearchParams(), filters).toString();
  return search === '' ? '/admin-activity' : `/admin-activity?${search}`;
}
