import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { publishedEvents } from '../integration-envelope.js';
import { notificationPreferencesSchema } from './notification-preferences.js';
import { registrationChannelSchema, userRoleSchema } from './user.js';

/**
 * What identity publishes on NATS (stream IDENTITY, subjects `identity.>`), for tenancy (owner names), billing,
 * notifications (who gets mail, which mail they want, and the security notices) and anyone else that keeps a copy
 * of users. Never a secret: no password, hash, session or setup link ever appears here.
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

/** The user's Settings switches after a change, all three (issue 20: notifications honours them). */
export const userNotificationPreferencesChangedV1DataSchema = z.object({
  userId: idSchema,
  preferences: notificationPreferencesSchema,
  changedAt: isoDateTimeSchema,
});

/**
 * Why a password was set: the user changed it in Settings, chose it through a password-setup link an admin issued
 * (a new account's first, or a reset), chose it when signing up, or an administrator set it (today only the demo
 * seed does).
 */
export const passwordSetReasonSchema = z.enum(['settings', 'setup-link', 'sign-up', 'admin']);
export type PasswordSetReason = z.infer<typeof passwordSetReasonSchema>;

/**
 * A password was set (issue 20: notifications sends the security notice). Never the password or its hash.
 * `firstPassword` says the account had none before (a new account's setup link, a sign-up), so a consumer can tell
 * a first password from a change.
 */
export const userPasswordSetV1DataSchema = z.object({
  userId: idSchema,
  reason: passwordSetReasonSchema,
  firstPassword: z.boolean(),
  setAt: isoDateTimeSchema,
});

const identity = publishedEvents({
  userRegistered: ['identity.user.registered.v1', userRegisteredV1DataSchema],
  userUpdated: ['identity.user.updated.v1', userUpdatedV1DataSchema],
  userDeactivated: ['identity.user.deactivated.v1', userDeactivatedV1DataSchema],
  userNotificationPreferencesChanged: [
    'identity.user.notification-preferences-changed.v1',
    userNotificationPreferencesChangedV1DataSchema,
  ],
  userPasswordSet: ['identity.user.password-set.v1', userPasswordSetV1DataSchema],
});

export const identitySubjects = identity.subjects;
export const {
  userRegistered: identityUserRegisteredV1,
  userUpdated: identityUserUpdatedV1,
  userDeactivated: identityUserDeactivatedV1,
  userNotificationPreferencesChanged: identityUserNotificationPreferencesChangedV1,
  userPasswordSet: identityUserPasswordSetV1,
} = identity.schemas;
export const identityIntegrationEventSchema = identity.union;
export type IdentityIntegrationEvent = z.infer<typeof identityIntegrationEventSchema>;

/** The JetStream stream identity owns. */
export const identityStream = { name: 'IDENTITY', subjects: ['identity.>'] } as const;
