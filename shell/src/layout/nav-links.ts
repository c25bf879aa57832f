import type { CurrentUser } from '@app/contracts';

export interface NavLink {
  label: string;
  to: string;
}

/** The three general links every signed-in user has (SPEC.md §2 "Navigation bar"). */
const generalLinks: readonly NavLink[] = [
  { label: 'Products', to: '/catalog' },
  { label: 'Analytics', to: '/analytics' },
  { label: 'Billing', to: '/billing' },
];

export function roleLinks(role: CurrentUser['role']): NavLink[] {
  return role === 'admin'
    ? [
        { label: 'Admin Dashboard', to: '/admin' },
        { label: 'Admin Portal', to: '/admin-portal' },
        // Issue 21's audit trail, beside the spec's two admin screens.
        { label: 'Activity', to: '/admin-activity' },
      ]
    : [{ label: 'Tenant Dashboard', to: '/dashboard' }];
}

export function navLinks(role: CurrentUser['role']): NavLink[] {
  return [...roleLinks(role), ...generalLinks];
}

export { generalLinks };

/** The first letter of the first name, else of the email, else U (SPEC.md §2). */
export function avatarLetter(user: Pick<CurrentUser, 'firstName' | 'email'>): string {
  const source = user.firstName?.trim() || user.email?.trim() || 'U';
  return source.charAt(0).toUpperCase();
}

export function fullName(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter((part) => part && part.trim() !== '').join(' ');
}
