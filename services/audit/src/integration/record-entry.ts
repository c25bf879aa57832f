import type pg from 'pg';
import { auditEntryRecordedV1, type IntegrationEnvelope } from '@app/contracts';

/**
 * One producer's audit entry into audit_entries (migrations/001), in the transaction that records the message id,
 * so a redelivery is a no-op; the entry's key is its event's id, so a republish after the dedupe window adds
 * nothing either. A tenant's entry also says whose the tenant is. A message this contract cannot read is skipped
 * (a newer producer's shape), as every consumer here skips one.
 */
export async function recordAuditEntry(envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> {
  const parsed = auditEntryRecordedV1.safeParse(envelope);
  if (!parsed.success) return;
  const producer = parsed.data.type.split('.')[0] as string;
  const entry = parsed.data.data;
  const { actor } = entry;
  await tx.query(
    `INSERT INTO audit_entries (event_id, occurred_at, producer, action, actor_type, actor_id, actor_role,
       on_behalf_of, entity_type, entity_id, entity_label, tenant_id, account_id, changes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (event_id) DO NOTHING`,
    [
      entry.eventId,
      entry.occurredAt,
      producer,
      entry.action,
      actor.type,
      actor.type === 'user' ? actor.userId : actor.name,
      actor.type === 'user' ? (actor.role ?? null) : null,
      actor.type === 'user' ? (actor.onBehalfOf ?? null) : null,
      entry.entity.type,
      entry.entity.id,
      entry.entity.label,
      entry.tenantId,
      entry.accountId,
      JSON.stringify(entry.changes),
    ],
  );
  if (entry.entity.type === 'tenant' && entry.accountId !== null) {
    await tx.query(
      `INSERT INTO tenant_owners (tenant_id, owner_id, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (tenant_id) DO UPDATE SET owner_id = $2, updated_at = $3
       WHERE tenant_owners.updated_at <= $3`,
      [entry.tenantId ?? entry.entity.id, entry.accountId, entry.occurredAt],
    );
  }
}
