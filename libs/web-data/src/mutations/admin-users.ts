import type { CreateUserBody, CreatedUser, PatchUserBody, User } from '@app/contracts';
import { useMutation } from '@app/query';
import { queryKeys } from '../query-keys.js';
import { invalidate } from './invalidate.js';
import { bodyMutation, memberMutation, type MemberWrite } from './write-mutation.js';

const users = '/api/admin/users';

/** POST /api/admin/users; the user list is refreshed afterwards (SPEC.md §7). */
export function createUserMutation() {
  return bodyMutation<CreatedUser, CreateUserBody>('POST', users, (client) =>
    invalidate(client, queryKeys.adminUsers),
  );
}

export type UpdateUserVariables = MemberWrite<PatchUserBody>;

/** PATCH /api/admin/users/{id}; an admin may be editing their own account, so the current user is re-read too. */
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
