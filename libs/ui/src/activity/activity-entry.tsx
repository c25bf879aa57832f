import { auditActionLabel, auditEntityTypeLabel, type AuditChange } from '@app/contracts';
import type { ReactNode } from 'react';
import { ActivityChanges } from './activity-changes.js';
import { activityTime } from './activity-time.js';

export interface ActivityEntryProps {
  occurredAt: string;
  action: string;
  entity: { type: string; id: string; label: string | null };
  changes: readonly AuditChange[];
  /** Who did it as the reader may see it: a name (the admin's screens), or You, Support, System. */
  actorName: string;
  /** In place of the actor's plain name: a control that filters by them (the admin's Activity screen). */
  actor?: ReactNode;
  /** In place of the entity's plain name: a control or link for it. */
  entityName?: ReactNode;
  /** After the entity: its details link, a role badge, … */
  aside?: ReactNode;
}

/**
 * One entry of an audit trail (issue 21): what happened, when, who did it, to what, and each changed field, the
 * same on the admin's screens and on a customer's Activity tab; a `div`, as a `VirtualList` draws the row itself.
 */
export function ActivityEntry({
  occurredAt,
  action,
  entity,
  changes,
  actorName,
  actor,
  entityName,
  aside,
}: ActivityEntryProps) {
  const entityText = entity.label ?? entity.id;
  return (
    <div className="grid min-w-0 gap-2 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold break-words">{auditActionLabel(action)}</h3>
        <time dateTime={occurredAt} className="text-sm text-muted-foreground">
          {activityTime(occurredAt)}
        </time>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <span>
          by <span className="text-foreground">{actor ?? actorName}</span>
        </span>
        <span aria-hidden="true">·</span>
        <span className="min-w-0 wrap-anywhere">
          {auditEntityTypeLabel(entity.type)}:{' '}
          <span className="text-foreground">{entityName ?? entityText}</span>
        </span>
        {aside}
      </p>
      <ActivityChanges changes={changes} actorName={actorName} />
    </div>
  );
}
