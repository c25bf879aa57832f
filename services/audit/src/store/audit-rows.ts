import type { ActivityEntry, AuditChange, AuditEntry, UserRole } from '@app/contracts';

/** An entry as the queries read it: the row, its cursor key, and the actor's name from the copy of identity. */
export interface AuditRow {
  event_id: string;
  occurred_at: Date;
  occurred_key: string;
  action: string;
  actor_type: 'user' | 'system';
  actor_id: string;
  actor_role: UserRole | null;
  on_behalf_of: string | null;
  entity_type: string;
  entity_id: string;
  entity_label: string | null;
  tenant_id: string | null;
  changes: AuditChange[];
  actor_email: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_current_role: UserRole | null;
}

/** The columns every list selects from `e` (the entries) joined to `a` (the actors). */
export const auditRowColumns = `e.event_id, e.occurred_at, e.action, e.actor_type, e.actor_id, e.actor_role,
  e.on_behalf_of, e.entity_type, e.entity_id, e.entity_label, e.tenant_id, e.changes,
  to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS occurred_key,
  a.email AS actor_email, a.first_name AS actor_first_name, a.last_name AS actor_last_name,
  a.role AS actor_current_role`;

/** The actor's copy, joined by id only for a user: a process's name is no id, and must never be cast as one. */
export const actorJoin = `LEFT JOIN actors a ON a.user_id = CASE WHEN e.actor_type = 'user' THEN e.actor_id::uuid END`;

/** "Alex Admin", the email when the account has no name, the id when identity has not told of the account yet. */
function actorName(row: AuditRow): string {
  if (row.actor_type === 'system') return row.actor_id;
  const name = [row.actor_first_name, row.actor_last_name]
    .filter((part) => part !== null && part !== '')
    .join(' ');
  return name !== '' ? name : (row.actor_email ?? row.actor_id);
}

function common(row: AuditRow) {
  return {
    id: row.event_id,
    occurredAt: row.occurred_at.toISOString(),
    action: row.action,
    entity: { type: row.entity_type, id: row.entity_id, label: row.entity_label },
    tenantId: row.tenant_id,
    changes: row.changes,
  };
}

/** For admins: who did it by name and role (the role the event recorded, else the account's role now). */
export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    ...common(row),
    actor: {
      type: row.actor_type,
      id: row.actor_id,
      name: actorName(row),
      role: row.actor_type === 'user' ? (row.actor_role ?? row.actor_current_role) : null,
      onBehalfOf: row.on_behalf_of,
    },
  };
}

/**
 * For the customer `customerId` (issue 21): their own actions as You, the platform's processes as System, and
 * everyone else, the admins, as Support; no admin's name or id leaves the service.
 */
export function toActivityEntry(row: AuditRow, customerId: string): ActivityEntry {
  const kind = row.actor_type === 'system' ? 'system' : row.actor_id === customerId ? 'you' : 'support';
  const name = ({ system: 'System', you: 'You', support: 'Support' } as const)[kind];
  return { ...common(row), actor: { kind, name } };
}

export function actorNameOf(entry: AuditEntry): string {
  return entry.actor.name;
}
