import type { AuditFilters } from '@app/contracts';
import { idSchema } from '@app/contracts';

/**
 * The SQL conditions of the filters on `e` (issue 21: actor, entity type, entity, action, tenant, time range),
 * their values appended to `params`. Each leads with a column an index of migrations/001 begins with, then reads
 * newest first along it.
 */
export function auditConditions(filters: Partial<AuditFilters>, params: unknown[]): string[] {
  const param = (value: unknown) => `$${params.push(value)}`;
  const conditions: string[] = [];
  if (filters.actorId !== undefined) {
    // A user's id and a process's name share the column; a user's is matched as written (lower-case uuid).
    const actor = idSchema.safeParse(filters.actorId).success
      ? filters.actorId.toLowerCase()
      : filters.actorId;
    conditions.push(`e.actor_id = ${param(actor)}`);
  }
  if (filters.entityType !== undefined) conditions.push(`e.entity_type = ${param(filters.entityType)}`);
  if (filters.entityId !== undefined) conditions.push(`e.entity_id = ${param(filters.entityId)}`);
  if (filters.action !== undefined) conditions.push(`e.action = ${param(filters.action)}`);
  if (filters.tenantId !== undefined) conditions.push(`e.tenant_id = ${param(filters.tenantId)}`);
  if (filters.from !== undefined) conditions.push(`e.occurred_at >= ${param(filters.from)}`);
  if (filters.to !== undefined) conditions.push(`e.occurred_at < ${param(filters.to)}`);
  return conditions;
}
