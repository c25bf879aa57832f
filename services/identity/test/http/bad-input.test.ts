import { badInputDriver, type BodyRoute } from '@app/test-support/bad-input';
import { startedForFile } from '@app/test-support/started-for-file';
import { beforeAll, describe, it } from 'vitest';
import { startIdentity } from '../support/identity-harness.js';
import { asAdmin, asUser, createUser, newUser } from '../support/requests.js';

const identity = startedForFile(startIdentity);
let userId: string;
beforeAll(async () => {
  userId = (await createUser(identity)).user.id;
});

const { expectFieldRefused, expectRefused, expectRefusedOnEvery, expectRefusedRequest } = badInputDriver({
  service: () => identity,
  // PATCH /api/auth/user acts on the caller's own account, so it is sent as that user.
  headersFor: (url) => (url === '/api/auth/user' ? asUser(userId) : asAdmin()),
});

describe('the Add User form rules reach the caller (SPEC.md §5)', () => {
  it.each([
    [{ email: undefined }, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: '   ' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Enter a valid email address'],
    [{ email: 'a@b' }, 'Enter a valid email address'],
    [{ role: 'owner' }, 'Role must be admin, tenant or user'],
    [{ firstName: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
  ])('POST with %o → 400 "%s"', async (change, message) => {
    await expectFieldRefused('POST', '/api/admin/users', newUser(change), message);
  });
});

describe('bad input on every command route changes nothing', () => {
  const routes = (): BodyRoute[] => [
    ['POST', '/api/admin/users'],
    ['PATCH', `/api/admin/users/${userId}`],
    ['PATCH', '/api/auth/user'],
  ];

  it('wrong types → 400', async () => {
    await expectRefusedOnEvery(routes(), { email: 42, firstName: ['x'] }, { status: 400 });
  });

  it('unknown fields → 400 (a tenant cannot slip a role into its own profile)', async () => {
    await expectRefusedOnEvery(routes(), { firstName: 'X', isAdmin: true }, { status: 400 });
    await expectRefused('PATCH', '/api/auth/user', { role: 'admin' }, { status: 400 });
  });

  it('malformed JSON → 400', async () => {
    await expectRefusedOnEvery(routes(), '{"email": "broken",', { status: 400 });
  });

  it('a body over the limit → 413', async () => {
    const huge = newUser({ firstName: 'x'.repeat(2 * 1024 * 1024) });
    await expectRefusedOnEvery(routes(), huge, { status: 413 });
  });

  it('a body that is not JSON → 415', async () => {
    await expectRefusedOnEvery(routes(), 'email=x', { status: 415, contentType: 'text/plain' });
  });

  it('an empty PATCH → 400 on both PATCH routes', async () => {
    await expectRefusedOnEvery(
      routes().slice(1),
      {},
      { status: 400, detail: 'Nothing to update: send at least one field' },
    );
  });

  it('an id that is not a UUID → 400, on every route that takes one', async () => {
    await expectRefused('PATCH', '/api/admin/users/42', { firstName: 'X' }, { status: 400 });
    await expectRefusedRequest(
      async () =>
        identity.app.inject({ method: 'GET', url: '/api/admin/users/not-an-id', headers: await asAdmin() }),
      { status: 400 },
    );
  });

  it('an unknown user → 404 "User not found"', async () => {
    await expectRefused(
      'PATCH',
      '/api/admin/users/0196f2a0-0000-7000-8000-0000000000ff',
      { firstName: 'Ghost' },
      { status: 404, detail: 'User not found' },
    );
  });
});
