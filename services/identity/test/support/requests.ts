import type { CreatedUser, User } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import { createAs, patchAs } from '@app/test-support/admin-requests';
import type { IdentityHarness } from './identity-harness.js';

/** A fresh, unique address per call, so tests never collide on the email rule. */
export function newEmail(label = 'user'): string {
  return `${label}-${Math.random().toString(36).slice(2, 10)}@example.test`;
}

export const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: newEmail(),
  firstName: 'Casey',
  lastName: 'Customer',
  role: 'user',
  ...overrides,
});

export async function asAdmin() {
  return identityHeaders('admin');
}

/** Headers of a signed-in caller who is the account `userId`, as the gateway would sign them. */
export async function asUser(userId: string, role: 'admin' | 'tenant' = 'tenant') {
  return identityHeaders(role, undefined, { userId });
}

export async function createUser(identity: IdentityHarness, body: Record<string, unknown> = newUser()) {
  const response = await createAs(identity.app, await asAdmin(), '/api/admin/users', body);
  const { passwordSetup, ...user } = response.json<CreatedUser>();
  return { user, passwordSetup, etag: response.headers.etag as string };
}

export async function patchUser(
  identity: IdentityHarness,
  id: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return patchAs(identity.app, await asAdmin(), `/api/admin/users/${id}`, payload, headers);
}

export async function listUsers(identity: IdentityHarness) {
  const response = await identity.app.inject({
    method: 'GET',
    url: '/api/admin/users',
    headers: await asAdmin(),
  });
  return response.json<User[]>();
}
