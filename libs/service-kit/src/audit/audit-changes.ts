import type { AuditChange, AuditSecretOutcome } from '@app/contracts';

/** A field's value as an event holds it, before it is put into words. */
export type AuditValue = string | number | boolean | null | undefined | readonly string[];

/** Booleans as Yes/No, lists joined, nothing as null: what the Activity screens and the CSV show. */
export function valueText(value: AuditValue): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  return value.length === 0 ? null : value.join(', ');
}

/** Integer cents as dollars, `$1,234.50`; null stays null (a plan not offered). */
export function moneyText(cents: number | null | undefined): string | null {
  if (cents === null || cents === undefined) return null;
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * An instant to the minute in UTC, `2026-11-21 10:30 UTC`: an entry's words are stored once and read in every time
 * zone, so they name theirs.
 */
export function timeText(iso: string): string {
  const utc = new Date(iso).toISOString();
  return `${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC`;
}

/**
 * The fields whose words differ before and after, in the order given: `[label, before, after]` each. A field that
 * did not change is left out, so an event that restates a whole record (ProductUpdated) shows what changed.
 */
export function changedFields(fields: readonly (readonly [string, AuditValue, AuditValue])[]): AuditChange[] {
  return fields.flatMap(([field, beforeValue, afterValue]) => {
    const before = valueText(beforeValue);
    const after = valueText(afterValue);
    return before === after ? [] : [{ field, before, after }];
  });
}

/** Every field as it now is, for a record that did not exist before (created, registered). */
export function initialFields(fields: readonly (readonly [string, AuditValue])[]): AuditChange[] {
  return changedFields(fields.map(([field, value]) => [field, null, value] as const));
}

/** A secret field: what happened to it, never its value, sealed or not. */
export function secretChange(field: string, secret: AuditSecretOutcome): AuditChange {
  return { field, secret };
}

/**
 * What a write did to a secret, from whether one was there before and after and whether it is the same one: set
 * (none before), cleared (none after), changed, or nothing (the same seal kept).
 */
export function secretOutcome(
  hadBefore: boolean,
  hasAfter: boolean,
  same: boolean,
): Exclude<AuditSecretOutcome, 'revealed'> | null {
  if (!hadBefore) return hasAfter ? 'set' : null;
  if (!hasAfter) return 'cleared';
  return same ? null : 'changed';
}
