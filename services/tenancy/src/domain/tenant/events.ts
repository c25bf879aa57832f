import { z } from 'zod';
import { eventTypesOf } from '@app/domain';
import { idSchema, isoDateTimeSchema, providerGroupSchema, tenantStatusSchema } from '@app/contracts';
import { sealedSecretSchema } from '@app/secrets/sealed-secret';

/**
 * Tenancy's stored tenant events (stream `tenancy_tenant-<id>`), private to it: what other services see is the
 * published `tenancy.tenant.*.v1` contract in @app/contracts. Passwords enter only sealed (AES-256-GCM via
 * @app/secrets, ARCHITECTURE.md "Event store"), so the event store, its backups and its replays never hold
 * one in clear. A stored type never changes incompatibly: a breaking change adds `<Type>.v2` and an upcaster.
 */
const tenantCreatedSchema = z.object({
  type: z.literal('TenantCreated'),
  data: z.object({
    tenantId: idSchema,
    name: z.string(),
    slug: z.string(),
    ownerId: idSchema.nullable(),
    status: tenantStatusSchema,
    domainUrl: z.string().nullable(),
    createdAt: isoDateTimeSchema,
  }),
});

const tenantRenamedSchema = z.object({
  type: z.literal('TenantRenamed'),
  data: z.object({ tenantId: idSchema, name: z.string(), renamedAt: isoDateTimeSchema }),
});

const tenantStatusChangedSchema = z.object({
  type: z.literal('TenantStatusChanged'),
  data: z.object({ tenantId: idSchema, status: tenantStatusSchema, changedAt: isoDateTimeSchema }),
});

const tenantDomainChangedSchema = z.object({
  type: z.literal('TenantDomainChanged'),
  data: z.object({ tenantId: idSchema, domainUrl: z.string().nullable(), changedAt: isoDateTimeSchema }),
});

/**
 * One provider group after a change, whole: a reader never needs the previous event to know the group. The
 * password's seal is bound to `tenant:<id>:<group>`, so it cannot be moved to another tenant or group.
 */
const providerCredentialsChangedSchema = z.object({
  type: z.literal('ProviderCredentialsChanged'),
  data: z.object({
    tenantId: idSchema,
    group: providerGroupSchema,
    url: z.string().nullable(),
    username: z.string().nullable(),
    password: sealedSecretSchema.nullable(),
    changedAt: isoDateTimeSchema,
  }),
});

/** The audit trail of who saw which password, and when (ARCHITECTURE.md "Decisions": Secrets). */
const credentialRevealedSchema = z.object({
  type: z.literal('CredentialRevealed'),
  data: z.object({
    tenantId: idSchema,
    group: providerGroupSchema,
    revealedBy: idSchema,
    revealedAt: isoDateTimeSchema,
  }),
});

export const tenantEventSchema = z.discriminatedUnion('type', [
  tenantCreatedSchema,
  tenantRenamedSchema,
  tenantStatusChangedSchema,
  tenantDomainChangedSchema,
  providerCredentialsChangedSchema,
  credentialRevealedSchema,
]);

export type TenantEvent = z.infer<typeof tenantEventSchema>;
export const tenantEventTypes = eventTypesOf(tenantEventSchema);
