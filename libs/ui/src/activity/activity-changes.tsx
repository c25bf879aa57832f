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
    <ul aria-label="Changes" className="grid gap-1 text-sm">
      {changes.map((change, index) => (
        <li key={`${change.field}-${index}`} className="break-words">
          {'secret' in change || change.before === null ? (
            auditChangeText(change, actorName)
          ) : (
            <>
              <span className="font-medium">{change.field}:</span>{' '}
              <del className="text-muted-foreground">{change.before}</del>
              <span aria-label="changed to"> → </span>
              <ins className="no-underline">{change.after ?? '—'}</ins>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
