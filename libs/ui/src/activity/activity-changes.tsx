import { auditChangeText, type AuditChange } from '@app/contracts';

/**
 * Each changed field of an entry (issue 21: before → after), the before struck through; a secret only as what
 * happened to it, in auditChangeText's words ("Password changed", "… revealed by Support"), never its value.
 */
export function ActivityChanges({
  changes,
  actorName,
}: {
  changes: readonly AuditChange[];
  /** Who the reader sees as the actor, for "revealed by …". */
  actorName: string;
}) {
  if (changes.length === 0) return null;
  return (
    <ul aria-label="Changes" className="grid min-w-0 gap-1 text-sm">
      {changes.map((change, index) => (
        // Ids and card references have no break points: anywhere, or they widen a phone's page.
        <li key={`${change.field}-${index}`} className="min-w-0 wrap-anywhere">
          {'secret' in change || change.before === null ? (
            auditChangeText(change, actorName)
          ) : (
            <>
              <span className="font-medium">{change.field}:</span>{' '}
              <del className="text-muted-foreground">{change.before}</del>
              <span aria-hidden="true"> → </span>
              <ins className="no-underline">{change.after ?? '—'}</ins>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
