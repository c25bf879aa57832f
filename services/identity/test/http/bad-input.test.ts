import { expectRefusedUnchanged } from '@app/test-support/service-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEvents, startIdentity, type IdentityHarness } from '../support/identity-harness.js';
import { asAdmin, asUser, createUser, newUser } from '../support/requests.js';

let identity: IdentityHarness;
let userId: string;
beforeAll(async () => {
  identity = await startIdentity();
  userId = (await createUser(identity)).user.id;
});
afterAll(async () => {
  await identity?.close();
});

type Method = 'POST' | 'PATCH';

async function send(method: Method, url: string, payload: string | object, contentType = 'application/json') {
  // PATCH /api/auth/user acts on the caller's own account, so it is sent as that user.
  const headers = url === '/api/auth/user' ? await asUser(userId) : await asAdmin();
  return identity.app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

function expectRefused(
  response: Awaited<ReturnType<typeof send>>,
  status: number,
  eventsBefore: number,
  detail?: string,
): Promise<void> {
  return expectRefusedUnchanged(response, {
    status,
    eventsBefore,
    pool: identity.pool,
    ...(detail ? { detail } : {}),
  });
}

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
    const before = await countEvents(identity.pool);
    const response = await send('POST', '/api/admin/users', newUser(change));
    await expectRefused(response, 400, before, message);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ message }));
  });
});

describe('bad input on every command route changes nothing', () => {
  const routes = (): Array<[Method, string]> => [
    ['POST', '/api/admin/users'],
    ['PATCH', `/api/admin/users/${userId}`],
    ['PATCH', '/api/auth/user'],
  ];

  it('wrong types → 400', async () => {
    for (const [method, url] of routes()) {
      const before = await countEvents(identity.pool);
      await expectRefused(await send(method, url, { email: 42, firstName: ['x'] }), 400, before);
    }
  });

  it('unknown fields → 400 (a tenant cannot slip a role into its own profile)', async () => {
    for (const [method, url] of routes()) {
      const before = await countEvents(identity.pool);
      await expectRefused(await send(method, url, { firstName: 'X', isAdmin: true }), 400, before);
    }
    const before = await countEvents(identity.pool);
    await expectRefused(await send('PATCH', '/api/auth/user', { role: 'admin' }), 400, before);
  });

  it('malformed JSON → 400', async () => {
    for (const [method, url] of routes()) {
      const before = await countEvents(identity.pool);
      await expectRefused(await send(method, url, '{"email": "broken",'), 400, before);
    }
  });

  it('a body over the limit → 413', async () => {
    for (const [method, url] of routes()) {
      const before = await countEvents(identity.pool);
      const huge = newUser({ firstName: 'x'.repeat(2 * 1024 * 1024) });
      await expectRefused(await send(method, url, huge), 413, before);
    }
  });

  it('a body that is not JSON → 415', async () => {
    for (const [method, url] of routes()) {
      const before = await countEvents(identity.pool);
      await expectRefused(await send(method, url, 'email=x', 'text/plain'), 415, before);
    }
  });

  it('an empty PATCH → 400 on both PATCH routes', async () => {
    for (const [method, url] of routes().slice(1)) {
      const before = await countEvents(identity.pool);
      await expectRefused(
        await send(method, url, {}),
        400,
        before,
        'Nothing to update: send at least one field',
      );
    }
  });

  it('an id that is not a UUID → 400, on every route that takes one', async () => {
    const before = await countEvents(identity.pool);
    await expectRefused(await send('PATCH', '/api/admin/users/42', { firstName: 'X' }), 400, before);
    const read = await identity.app.inject({
      method: 'GET',
      url: '/api/admin/users/not-an-id',
      headers: await asAdmin(),
    });
    await expectRefused(read, 400, before);
  });

  it('an unknown user → 404 "User not found"', async () => {
    const before = await countEvents(identity.pool);
    const missing = '0196f2a0-0000-7000-8000-0000000000ff';
    await expectRefused(
      await send('PATCH', `/api/admin/users/${missing}`, { firstName: 'Ghost' }),
      404,
      before,
      'User not found',
    );
  });
});
