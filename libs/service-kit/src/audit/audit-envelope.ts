import { v5 as uuidv5 } from 'uuid';
import {
  auditEntrySubject,
  auditTextLimits,
  idSchema,
  type AuditChange,
  type AuditActor,
  type AuditDescription,
  type AuditProducer,
  type IntegrationEnvelope,
} from '@app/contracts';
import type { EventMetadata, RecordedEvent } from '@app/eventing';

/** The namespace of audit entry message ids (RFC 9562 name-based UUIDs); fixed forever, as ids derive from it. */
const auditEntryNamespace = '3f1d9c52-7f4e-5b0a-9a61-2c4b8e7d1f30';

/**
 * The Nats-Msg-Id and envelope id of an event's audit entry: derived from the event id, so it differs from the
 * id the event's own message carries on the same stream (JetStream would drop the second as a duplicate) and is
 * the same on every republish of it (so it is still deduplicated).
 */
export function auditEntryIdOf(eventId: string): string {
  return uuidv5(eventId, auditEntryNamespace);
}

/**
 * Who did it, from the event's metadata: a user id with the role it acted in (service-kit's commandMetadata puts
 * the caller's there, and the customer an admin acted for), or the name of a platform process (`seed`,
 * `billing-renewals`). An event stored without an actor is the platform's.
 */
export function auditActorOf(metadata: EventMetadata): AuditActor {
  const { actorId, actorRole, onBehalfOf } = metadata;
  if (actorId !== undefined && idSchema.safeParse(actorId).success) {
    return {
      type: 'user',
      userId: actorId,
      ...(actorRole ? { role: actorRole } : {}),
      ...(onBehalfOf && idSchema.safeParse(onBehalfOf).success ? { onBehalfOf } : {}),
    };
  }
  return { type: 'system', name: clipped(actorId ?? 'platform', auditTextLimits.name) };
}

/** A text cut to `max` characters, the cut marked: an entry states what happened, not every character of it. */
function clipped(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function clippedChange(change: AuditChange): AuditChange {
  const field = clipped(change.field, auditTextLimits.field);
  if ('secret' in change) return { field, secret: change.secret };
  const value = (text: string | null) => (text === null ? null : clipped(text, auditTextLimits.value));
  return { field, before: value(change.before), after: value(change.after) };
}

/** One event's audit entry as its producer publishes it (`<producer>.audit-entry.recorded.v1`). */
export function auditEnvelopeOf(
  producer: AuditProducer,
  recorded: RecordedEvent,
  description: AuditDescription,
): IntegrationEnvelope {
  const occurredAt = recorded.recordedAt.toISOString();
  return {
    id: auditEntryIdOf(recorded.id),
    type: auditEntrySubject(producer),
    occurredAt,
    ...(recorded.metadata.correlationId ? { correlationId: recorded.metadata.correlationId } : {}),
    causationId: recorded.id,
    data: {
      eventId: recorded.id,
      occurredAt,
      action: description.action,
      actor: auditActorOf(recorded.metadata),
      entity: {
        ...description.entity,
        label:
          description.entity.label === null ? null : clipped(description.entity.label, auditTextLimits.label),
      },
      tenantId: description.tenantId,
      accountId: description.accountId,
      changes: description.changes.map(clippedChange),
    },
  };
}
