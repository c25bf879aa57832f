import type { CurrentUser, User } from '@app/contracts';
import type { UserState } from '../domain/user/user.js';

/**
 * The API view of an account as a command left it, for the rare answer given before the read model caught up.
 * stripeCustomerId comes from billing into the read model only, so this view has none.
 */
export function userView(state: Exclude<UserState, { status: 'absent' }>): User {
  return {
    id: state.userId,
    email: state.profile.email,
    firstName: state.profile.firstName,
    lastName: state.profile.lastName,
    role: state.role,
    profileImageUrl: state.profile.profileImageUrl,
    isActive: state.status === 'active',
    stripeCustomerId: null,
    createdAt: state.registeredAt,
    updatedAt: state.updatedAt,
  };
}

/** GET /api/auth/user's shape: what the navigation bar and the auth guard read (SPEC.md §7). */
export function currentUserView(user: User): CurrentUser {
  const { id, email, firstName, lastName, role, profileImageUrl, createdAt } = user;
  return { id, email, firstName, lastName, role, profileImageUrl, createdAt };
}
