import type { CreateUserBody, CreatedUser, PatchUserBody, User } from '@app/contracts';
import { useMutation } from '@app/query';
import { queryKeys } from '../query-keys.js';
import { invalidate } from './invalidate.js';
import { bodyMutation, memberMutation, type MemberWrite } from './write-mutation.js';

const users = '/api/admin/users';

/** POST /api/admin/users; the user lists and counters are refreshed afterwards (SPEC.md §7), no user's details. */
export function createUserMutation() {
  return bodyMutation<CreatedUser, CreateUserBody>('POST', users, (client) =>
    invalidate(client, queryKeys.adminUserLists, queryKeys.adminUserSummary),
  );
}

export type UpdateUserVariables = MemberWrite<PatchUserBody>;

/**
 * PATCH /api/admin/users/{id}: the user's details, the lists and the counters (a role change moves Admin Users).
 * An admin may be editing their own account, so the current user is re-read too.
 */
export function updateUserMutation() {
  return memberMutation<User, PatchUserBody>('PATCH', users, (client) =>
    invalidate(client, queryKeys.adminUsers, queryKeys.currentUser),
  );
}

export function useCreateUser() {
  return useMutation(createUserMutation());
}

export function useUpdateUser() {
  return useMutation(updateUserMutation());
}
