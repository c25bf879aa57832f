import type { ChangePasswordBody, CurrentUser, UpdateOwnProfileBody } from '@app/contracts';
import { useMutation } from '@app/query';
import { queryKeys } from '../query-keys.js';
import { bodyMutation } from './write-mutation.js';

/** PATCH /api/auth/user (Settings, Profile): the answer is the new current user, so it replaces the cached one. */
export function updateProfileMutation() {
  return bodyMutation<CurrentUser, UpdateOwnProfileBody>('PATCH', '/api/auth/user', (client, user) => {
    client.setQueryData(queryKeys.currentUser, user);
  });
}

/** POST /api/auth/password (Settings, Security); a 400 names the field to fix in `errors[].path`. */
export function changePasswordMutation() {
  return bodyMutation<void, ChangePasswordBody>('POST', '/api/auth/password');
}

export function useUpdateProfile() {
  return useMutation(updateProfileMutation());
}

export function useChangePassword() {
  return useMutation(changePasswordMutation());
}
