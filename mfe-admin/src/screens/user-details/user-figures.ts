import type { PatchUserBody, Tenant, User, UserRole } from '@app/contracts';

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

/** SPEC.md §7: the tenant list filtered client-side by owner. */
export function ownedTenants(tenants: readonly Tenant[], userId: string): Tenant[] {
  return tenants.filter((tenant) => tenant.ownerId === userId);
}

/** SPEC.md §2 "User details": the sum of the owned tenants' subscription counts. */
export function totalSubscriptions(tenants: readonly Tenant[]): number {
  return tenants.reduce((sum, tenant) => sum + tenant.subscriptionCount, 0);
}

const memberSinceFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function formatMemberSince(iso: string): string {
  return memberSinceFormat.format(new Date(iso));
}
