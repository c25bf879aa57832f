import type { CreateUserBody, CreatedUser, PatchUserBody, User } from '@app/contracts';
import { mutationOptions, useMutation } from '@app/query';
import { sendJson } from '../http.js';
import { queryKeys, segment } from '../query-keys.js';
import { invalidate } from './invalidate.js';

/** POST /api/admin/users; the user list is refreshed afterwards (SPEC.md §7). */
export function createUserMutation() {
  return mutationOptions({
    mutationKey: ['POST', '/api/admin/users'],
    mutationFn: (body: CreateUserBody) => sendJson<CreatedUser>('POST', '/api/admin/users', body),
    onSuccess: (_user, _body, _result, { client }) => invalidate(client, queryKeys.adminUsers),
  });
}

export interface UpdateUserVariables {
  id: string;
  body: PatchUserBody;
}

/** PATCH /api/admin/users/{id}; an admin may be editing their own account, so the current user is re-read too. */
export function updateUserMutation() {
  return mutationOptions({
    mutationKey: ['PATCH', '/api/admin/users/{id}'],
    mutationFn: ({ id, body }: UpdateUserVariables) =>
      sendJson<User>('PATCH', `/api/admin/users/${segment(id)}`, body),
    onSuccess: (_user, _variables, _result, { client }) =>
      invalidate(client, queryKeys.adminUsers, queryKeys.currentUser),
  });
}

export function useCreateUser() {
  return useMutation(createUserMutation());
}

export function useUpdateUser() {
  return useMutation(updateUserMutation());
}
