import type { CurrentUser, UpdateOwnProfileBody } from '@app/contracts';

export interface ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
}

export type ProfileField = keyof ProfileValues;

export const profileFields: readonly ProfileField[] = ['firstName', 'lastName', 'email'];

export function profileValues(user: CurrentUser): ProfileValues {
  return { firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email };
}

/**
 * The PATCH body: only the fields that differ from the saved profile, trimmed as identity stores them (an emptied
 * name clears it; emails compare without case). Empty when nothing changed, which keeps Save Changes disabled.
 */
export function profileChanges(saved: ProfileValues, values: ProfileValues): UpdateOwnProfileBody {
  const changes: UpdateOwnProfileBody = {};
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const email = values.email.trim();
  if (firstName !== saved.firstName) changes.firstName = firstName;
  if (lastName !== saved.lastName) changes.lastName = lastName;
  if (email.toLowerCase() !== saved.email.toLowerCase()) changes.email = email;
  return changes;
}
