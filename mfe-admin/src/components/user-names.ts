import type { User } from '@app/contracts';

/** SPEC.md §2: a user is shown by full name, or by email when they have no name. */
export function userDisplayName(user: Pick<User, 'email' | 'firstName' | 'lastName'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? user.email : name;
}
