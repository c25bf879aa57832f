import type { ChangePasswordBody, CurrentUser, UpdateOwnProfileBody } from '@app/contracts';
import { mutationOptions, useMutation } from '@app/query';
import { sendJson } from '../http.js';
import { queryKeys } from '../query-keys.js';

/** PATCH /api/auth/user (Settings, Profile): the answer is the new current user, so it replaces the cached one. */
export function updateProfileMutation() {
  return mutationOptions({
    mutationKey: ['PATCH', '/api/auth/user'],
    mutationFn: (body: UpdateOwnProfileBody) => sendJson<CurrentUser>('PATCH', '/api/auth/user', body),
    onSuccess: (user, _body, _result, { client }) => {
      client.setQueryData(queryKeys.currentUser, user);
    },
  });
}

/** POST /api/auth/password (Settings, Security); a 400 names the field to fix in `errors[].path`. */
export function changePasswordMutation() {
  return mutationOptions({
    mutationKey: ['POST', '/api/auth/password'],
    mutationFn: (body: ChangePasswordBody) => sendJson<void>('POST', '/api/auth/password', body),
  });
}

export function useUpdateProfile() {
  return useMutation(updateProfileMutation());
}

export function useChangePassword() {
  return useMutation(changePasswordMutation());
}
