import type { AuditChange } from './audit-entry.js';

/**
 * One change in words, the same on screen and in the CSV: "Base price: $149.00 → $159.00", "Password changed",
 * "Domain Registrar password revealed by Alex Admin" (issue 21: a credential change says it changed, a reveal
 * says by whom, and neither ever shows the secret). `actorName` is whoever the reader may see as the actor.
 */
export function auditChangeText(change: AuditChange, actorName: string): string {
  if ('secret' in change) {
    return change.secret === 'revealed'
      ? `${change.field} revealed by ${actorName}`
      : `${change.field} ${change.secret}`;
  }
  if (change.before === null) return `${change.field}: ${change.after ?? '—'}`;
  return `${change.field}: ${change.before} → ${change.after ?? '—'}`;
}

export function auditChangesText(changes: readonly AuditChange[], actorName: string): string {
  return changes.map((change) => auditChangeText(change, actorName)).join('; ');
}
