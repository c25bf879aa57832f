import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { integrationEnvelopeSchema } from '../integration-envelope.js';
import { userRoleSchema } from '../identity/user.js';
import type { AuditAction, AuditEntityType, AuditSecretOutcome } from './audit-actions.js';

/**
 * The audit trail's entries (issue 21, ARCHITECTURE.md "Who did it"). Every event-sourced service maps each of its
 * stored events to one entry and publishes it as `<producer>.audit-entry.recorded.v1` on its own stream, from a
 * relay of its own with its own checkpoint (service-kit's audit relay): nothing is written twice, and an entry
 * exists for every event ever stored, those from before the trail included. The audit service keeps them.
 */
export const auditProducers = ['catalog', 'identity', 'tenancy', 'billing', 'notifications'] as const;
export type AuditProducer = (typeof auditProducers)[number];

/** `catalog.audit-entry.recorded.v1`: on the producer's own stream, so its subjects cover it. */
export function auditEntrySubject<Producer extends AuditProducer>(producer: Producer) {
  return `${producer}.audit-entry.recorded.v1` as const;
}

/**
 * The longest texts an entry holds; producers shorten theirs to these (service-kit's auditEnvelopeOf), so a long
 * description or URL can never make an entry unpublishable.
 */
export const auditTextLimits = { field: 100, value: 2_000, label: 300, name: 100 } as const;

const shortText = (max: number) => z.string().max(max);

/**
 * A field's value before and after, as the screens show it ("$49.00", "Yes", "basic"); null where there was none.
 * Never a secret's: a secret field is an `auditSecretChange`.
 */
export const auditValueChangeSchema = z.strictObject({
  field: shortText(auditTextLimits.field),
  before: shortText(auditTextLimits.value).nullable(),
  after: shortText(auditTextLimits.value).nullable(),
});

/** A secret field: only what happened to it ("password changed", "revealed by …"), no part of it. */
export const auditSecretChangeSchema = z.strictObject({
  field: shortText(auditTextLimits.field),
  secret: z.enum(['set', 'changed', 'cleared', 'revealed'] satisfies AuditSecretOutcome[]),
});

export const auditChangeSchema = z.union([auditValueChangeSchema, auditSecretChangeSchema]);
export type AuditChange = z.infer<typeof auditChangeSchema>;

/**
 * Who did it, from the event's metadata: a user (an admin or a customer; `role` when the event recorded it, and
 * `onBehalfOf` the customer when an admin acted in their view), or one of the platform's own processes by name
 * (`billing-renewals`, `seed`).
 */
export const auditActorSchema = z.union([
  z.strictObject({
    type: z.literal('user'),
    userId: idSchema,
    role: userRoleSchema.optional(),
    onBehalfOf: idSchema.optional(),
  }),
  z.strictObject({ type: z.literal('system'), name: shortText(auditTextLimits.name) }),
]);
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditEntitySchema = z.strictObject({
  type: z
    .string()
    .regex(/^[a-z-]+$/)
    .max(50),
  id: shortText(100),
  /** The name it went by when this happened (a product's name, an invoice's number), when the producer knew it. */
  label: shortText(auditTextLimits.label).nullable(),
});

export const auditEntryDataSchema = z.strictObject({
  /** The stored event this entry is of: its id, and the entry's key. */
  eventId: idSchema,
  occurredAt: isoDateTimeSchema,
  action: z
    .string()
    .regex(/^[a-z-]+\.[a-z-]+$/)
    .max(100),
  actor: auditActorSchema,
  entity: auditEntitySchema,
  /** The tenant it concerns, so the tenant's owner sees it on their own Activity tab. */
  tenantId: idSchema.nullable(),
  /** The customer account it concerns (the user changed, the payer), for the same reason. */
  accountId: idSchema.nullable(),
  changes: z.array(auditChangeSchema).max(100),
});
export type AuditEntryData = z.infer<typeof auditEntryDataSchema>;

/** What a producer's mapping says of one event; the relay adds who, when and which event (audit-relay.ts). */
export interface AuditDescription {
  action: AuditAction;
  entity: { type: AuditEntityType; id: string; label: string | null };
  tenantId: string | null;
  accountId: string | null;
  changes: AuditChange[];
}

/** The published entry: one producer's subject each, the same data everywhere. */
export const auditEntryRecordedV1 = integrationEnvelopeSchema.extend({
  type: z.enum(auditProducers.map((producer) => auditEntrySubject(producer))),
  data: auditEntryDataSchema,
});
export type AuditEntryRecordedV1 = z.infer<typeof auditEntryRecordedV1>;
