import type { PatchUserBody, User, UserRole } from '@app/contracts';

export interface UserInfoValues {
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
}

export function userInfoFrom(user: User): UserInfoValues {
  return {
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    role: user.role,
  };
}

/** SPEC.md §7: PATCH /api/admin/users/{id} sends all four fields. */
export function userInfoPatch(values: UserInfoValues): PatchUserBody {
  return { email: values.email, firstName: values.firstName, lastName: values.lastName, role: values.role };
}

const memberSinceFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function formatMemberSince(iso: string): string {
  return memberSinceFormat.format(new Date(iso));
}
