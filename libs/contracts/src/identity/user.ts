import { z } from 'zod';
import { pageQueryShape, searchTextSchema } from '../paging.js';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { currentViewAsSchema } from './view-as.js';

/**
 * SPEC.md §3 User, §5 "Add User" and §7 user calls. Roles are `admin` and `tenant`; the admin form's `user`
 * means `tenant` (ARCHITECTURE.md "Decisions").
 */
export const userRoles = ['admin', 'tenant'] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

/** How an account came to exist; recorded on registration for audit. */
export const registrationChannels = ['admin', 'sign-up', 'seed', 'oidc'] as const;
export const registrationChannelSchema = z.enum(registrationChannels);
export type RegistrationChannel = z.infer<typeof registrationChannelSchema>;

const emailRequired = 'Email is required';
const emailInvalid = 'Enter a valid email address';

/** The spec shows no message for a missing email (§5); these are ours. Stored trimmed and lower-cased. */
export const emailSchema = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? emailRequired : emailInvalid),
  })
  .trim()
  .toLowerCase()
  .min(1, { error: emailRequired, abort: true })
  .max(254, { error: 'Email must be at most 254 characters', abort: true })
  .regex(z.regexes.email, emailInvalid);

const personName = (label: string) =>
  z
    .string()
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .transform((text) => (text === '' ? null : text))
    .nullable();

export const firstNameSchema = personName('First name');
export const lastNameSchema = personName('Last name');

/** What a client may send as a role: `user` is the admin form's word for `tenant`. */
export const roleInputSchema = z
  .enum(['admin', 'tenant', 'user'], { error: 'Role must be admin, tenant or user' })
  .transform((role): UserRole => (role === 'user' ? 'tenant' : role));

/** POST /api/admin/users. */
export const createUserBodySchema = z.strictObject({
  email: emailSchema,
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  role: roleInputSchema.default('tenant'),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

const atLeastOneField = (body: object) => Object.keys(body).length > 0;
const nothingToUpdate = 'Nothing to update: send at least one field';

/** PATCH /api/admin/users/:id: any subset of the editable fields (the User details form sends all four). */
export const patchUserBodySchema = z
  .strictObject({
    email: emailSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    role: roleInputSchema,
  })
  .partial()
  .refine(atLeastOneField, nothingToUpdate);
export type PatchUserBody = z.input<typeof patchUserBodySchema>;

/** PATCH /api/auth/user: the Settings profile form; nobody changes their own role. */
export const updateOwnProfileBodySchema = z
  .strictObject({ email: emailSchema, firstName: firstNameSchema, lastName: lastNameSchema })
  .partial()
  .refine(atLeastOneField, nothingToUpdate);
export type UpdateOwnProfileBody = z.input<typeof updateOwnProfileBodySchema>;

export const userIdParamsSchema = z.strictObject({ id: idSchema });

/** A user as the admin API returns it. */
export const userSchema = z.object({
  id: idSchema,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: userRoleSchema,
  profileImageUrl: z.string().nullable(),
  isActive: z.boolean(),
  /** The payment provider's customer id, once billing has one. */
  stripeCustomerId: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type User = z.infer<typeof userSchema>;

export const userListSchema = z.array(userSchema);

/** GET /api/admin/users, newest first: `q` searches first name, last name and email; `role` filters. */
export const userListQuerySchema = z.strictObject({
  ...pageQueryShape,
  q: searchTextSchema.describe('Case-insensitive search in first name, last name and email'),
  role: userRoleSchema.optional().describe('Only users with this role'),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** GET /api/admin/users/summary: the Admin Portal's user counters. */
export const userSummarySchema = z.object({
  totalUsers: z.number().int().nonnegative(),
  adminUsers: z.number().int().nonnegative(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** GET /api/auth/user: the signed-in user, as the navigation bar and the auth guard read it (SPEC.md §7). */
export const currentUserSchema = userSchema
  .pick({
    id: true,
    email: true,
    firstName: true,
    lastName: true,
    role: true,
    profileImageUrl: true,
    createdAt: true,
  })
  .extend({
    /** Present only while an admin views the platform as this user (issue 21): nothing can be changed then. */
    viewAs: currentViewAsSchema.optional(),
  });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * A one-time link with which an account's owner chooses a password (GET /api/login/setup?token=…). Admin-created
 * accounts start without one; the link is shown once, to the admin, who hands it over. Valid 72 hours; issuing a
 * new one for the same account makes the earlier unused ones stop working. Absolute when identity knows its
 * public address (PUBLIC_URL), else a path on the app's own origin.
 */
export const passwordSetupLinkSchema = z.object({
  url: z.string(),
  expiresAt: isoDateTimeSchema,
  /** True when notifications took the link to mail to the account's email too; the admin's copy works either way. */
  emailed: z.boolean().optional(),
});
export type PasswordSetupLink = z.infer<typeof passwordSetupLinkSchema>;

/** POST /api/admin/users (201): the new account and its password-setup link. */
export const createdUserSchema = userSchema.extend({ passwordSetup: passwordSetupLinkSchema });
export type CreatedUser = z.infer<typeof createdUserSchema>;

/** Identity refuses a shorter new password; the Settings form checks it before sending (NIST SP 800-63B). */
export const passwordMinLength = 12;

/**
 * POST /api/auth/password (the Settings Security form). The new password's rules (length, not a common one) are
 * checked by identity, which answers each with its own sentence; the caps here only bound the request.
 */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(1024, 'Your current password is incorrect.'),
  newPassword: z
    .string({ error: 'Enter a new password.' })
    .max(1024, 'Password must be at most 128 characters.'),
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;
