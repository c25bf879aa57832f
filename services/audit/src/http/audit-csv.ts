import {
  auditActionLabel,
  auditChangesText,
  auditEntityTypeLabel,
  type ActivityEntry,
  type AuditEntry,
} from '@app/contracts';
import type { CsvCell } from '@app/csv';

/** The admin's export: the columns of the Activity screen, each change in words, and the ids to follow one up. */
export const auditCsvHeader = [
  'Time',
  'Actor',
  'Actor role',
  'Action',
  'Entity type',
  'Entity',
  'Entity id',
  'Tenant id',
  'Changes',
];

export function auditCsvRow(entry: AuditEntry): CsvCell[] {
  return [
    entry.occurredAt,
    entry.actor.name,
    entry.actor.role,
    auditActionLabel(entry.action),
    auditEntityTypeLabel(entry.entity.type),
    entry.entity.label,
    entry.entity.id,
    entry.tenantId,
    auditChangesText(entry.changes, entry.actor.name),
  ];
}

/** A customer's export: who as they see it (You, Support, System), nothing of an admin's identity. */
export const activityCsvHeader = ['Time', 'Who', 'Action', 'Type', 'Name', 'Id', 'Changes'];

export function activityCsvRow(entry: ActivityEntry): CsvCell[] {
  return [
    entry.occurredAt,
    entry.actor.name,
    auditActionLabel(entry.action),
    auditEntityTypeLabel(entry.entity.type),
    entry.entity.label,
    entry.entity.id,
    auditChangesText(entry.changes, entry.actor.name),
  ];
}

/** `audit-2026-12-01.csv`: the day it was taken, in UTC. */
export function exportFileName(prefix: string, now: Date): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}
