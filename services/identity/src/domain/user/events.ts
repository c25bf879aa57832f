import { z } from 'zod';
import { eventTypesOf } from '@app/domain';
import {
  idSchema,
  isoDateTimeSchema,
  notificationPreferencesSchema,
  passwordSetReasonSchema,
  registrationChannelSchema,
  userRoleSchema,
} from '@app/contracts';

/**
 * Identity's stored events (stream `identity_user-<id>`), private to it: what other services see is the
 * published `identity.user.*.v1` contract in @app/contracts. Password hashes never enter an event: only the fact
 * that a password was set does; the hash lives in identity's credentials table. A stored type never changes
 * incompatibly: a breaking change adds `<Type>.v2` and an upcaster.
 */
const profile = {
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
};

export const userRegisteredSchema = z.object({
  type: z.literal('UserRegistered'),
  data: z.object({
    userId: idSchema,
    ...profile,
    role: userRoleSchema,
    registeredVia: registrationChannelSchema,
    registeredAt: isoDateTimeSchema,
  }),
});

/** Carries the whole profile after the change, so a reader never needs the previous event. */
const userProfileChangedSchema = z.object({
  type: z.literal('UserProfileChanged'),
  data: z.object({
    userId: idSchema,
    ...profile,
    profileImageUrl: z.string().nullable(),
    changedAt: isoDateTimeSchema,
  }),
});

const userRoleChangedSchema = z.object({
  type: z.literal('UserRoleChanged'),
  data: z.object({ userId: idSchema, role: userRoleSchema, changedAt: isoDateTimeSchema }),
});

/**
 * `reason` and `firstPassword` came later (issue 20, for the security notice): optional, so the events recorded
 * before them still read. Such an event is not published, as nobody can say any more why it happened.
 */
const userPasswordSetSchema = z.object({
  type: z.literal('UserPasswordSet'),
  data: z.object({
    userId: idSchema,
    reason: passwordSetReasonSchema.optional(),
    firstPassword: z.boolean().optional(),
    setAt: isoDateTimeSchema,
  }),
});

/** Carries all three switches after the change, like UserProfileChanged carries the whole profile. */
const userNotificationPreferencesChangedSchema = z.object({
  type: z.literal('UserNotificationPreferencesChanged'),
  data: z.object({
    userId: idSchema,
    preferences: notificationPreferencesSchema,
    changedAt: isoDateTimeSchema,
  }),
});

const userDeactivatedSchema = z.object({
  type: z.literal('UserDeactivated'),
  data: z.object({ userId: idSchema, deactivatedAt: isoDateTimeSchema }),
});

export const userEventSchema = z.discriminatedUnion('type', [
  userRegisteredSchema,
  userProfileChangedSchema,
  userRoleChangedSchema,
  userPasswordSetSchema,
  userNotificationPreferencesChangedSchema,
  userDeactivatedSchema,
]);

export type UserEvent = z.infer<typeof userEventSchema>;
export const userEventTypes = eventTypesOf(userEventSchema);
