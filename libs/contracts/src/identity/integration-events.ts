import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { integrationEventSchema } from '../integration-envelope.js';
import { registrationChannelSchema, userRoleSchema } from './user.js';

/**
 * What identity publishes on NATS (stream IDENTITY, subjects `identity.>`), for tenancy (owner names), billing
 * and anyone else that keeps a copy of users. Never a secret: no password, hash or session ever appears here.
 */
const userProfile = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

export const userRegisteredV1DataSchema = z.object({
  userId: idSchema,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: userRoleSchema,
  registeredVia: registrationChannelSchema,
  registeredAt: isoDateTimeSchema,
});

/**
 * A change to a user: the part that changed, each part whole. `profile` comes when the profile changed, `role`
 * when the role did (an admin's edit of both publishes two of these, in order). A consumer that started from
 * `registered` applies whichever parts are present.
 */
export const userUpdatedV1DataSchema = z
  .object({
    userId: idSchema,
    profile: userProfile.optional(),
    role: userRoleSchema.optional(),
    changedAt: isoDateTimeSchema,
  })
  .refine((data) => data.profile !== undefined || data.role !== undefined, 'profile or role must be present');

export const userDeactivatedV1DataSchema = z.object({ userId: idSchema, deactivatedAt: isoDateTimeSchema });

export const identitySubjects = {
  userRegistered: 'identity.user.registered.v1',
  userUpdated: 'identity.user.updated.v1',
  userDeactivated: 'identity.user.deactivated.v1',
} as const;

export const identityUserRegisteredV1 = integrationEventSchema(
  identitySubjects.userRegistered,
  userRegisteredV1DataSchema,
);
export const identityUserUpdatedV1 = integrationEventSchema(
  identitySubjects.userUpdated,
  userUpdatedV1DataSchema,
);
export const identityUserDeactivatedV1 = integrationEventSchema(
  identitySubjects.userDeactivated,
  userDeactivatedV1DataSchema,
);

export const identityIntegrationEventSchema = z.discriminatedUnion('type', [
  identityUserRegisteredV1,
  identityUserUpdatedV1,
  identityUserDeactivatedV1,
]);
export type IdentityIntegrationEvent = z.infer<typeof identityIntegrationEventSchema>;

/** The JetStream stream identity owns. */
export const identityStream = { name: 'IDENTITY', subjects: ['identity.>'] } as const;
