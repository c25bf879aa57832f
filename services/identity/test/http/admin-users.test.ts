import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { itCreatesOnceThroughALostAnswer } from '@app/test-support/lost-answer';
import { identityHeaders } from '@app/service-kit/testing';
import { startIdentity } from '../support/identity-harness.js';
import { asAdmin, createUser, listUsers, newEmail, newUser, patchUser } from '../support/requests.js';

const identity = startedForFile(startIdentity);

describe('admin user commands', () => {
  itCreatesOnceThroughALostAnswer('user', () => ({
    harness: identity,
    request: async () => ({ url: '/api/admin/users', payload: newUser(), headers: await asAdmin() }),
    createdType: 'UserRegistered',
  }));

  it("creates a user ('user' stored as 'tenant'), with an ETag and a Location, visible at once", async () => {
    const body = newUser({ email: `  New.Person-${Date.now()}@Example.TEST `, lastName: '' });
    const response = await identity.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: await asAdmin(),
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    const { passwordSetup, ...user } = response.json();
    expect(passwordSetup).toEqual({
      url: expect.stringMatching(/^\/api\/login\/setup\?token=[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
      // No NOTIFICATIONS_URL here: the link is only for the admin to copy.
      emailed: false,
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(user).toMatchObject({
      email: body.email.trim().toLowerCase(),
      firstName: 'Casey',
      lastName: null,
      role: 'tenant',
      profileImageUrl: null,
      isActive: true,
      stripeCustomerId: null,
    });
    expect(user.createdAt).toBe(user.updatedAt);
    expect(response.headers.etag).toBe('"0"');
    expect(response.headers.location).toBe(`/api/admin/users/${user.id}`);
    expect(response.headers['x-view-may-lag']).toBeUndefined();

    const stored = await identity.eventStore.readStream(`identity_user-${user.id}`);
    expect(stored.events[0]).toMatchObject({
      type: 'UserRegistered',
      data: { role: 'tenant', registeredVia: 'admin' },
    });
    expect(await listUsers(identity)).toContainEqual(user);
  });

  it('defaults the role to tenant and leaves names out as null', async () => {
    const { user } = await createUser(identity, { email: newEmail() });
    expect(user).toMatchObject({ role: 'tenant', firstName: null, lastName: null });
  });

  it('lists users newest first', async () => {
    const first = await createUser(identity);
    const second = await createUser(identity);
    const ids = (await listUsers(identity)).map((user) => user.id);
    expect(ids.indexOf(second.user.id)).toBeLessThan(ids.indexOf(first.user.id));
  });

  it('serves one user with its revision as ETag, and 404 "User not found" for an unknown id', async () => {
    const { user } = await createUser(identity);
    const found = await identity.app.inject({
      method: 'GET',
      url: `/api/admin/users/${user.id}`,
      headers: await asAdmin(),
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual(user);
    expect(found.headers.etag).toBe('"0"');

    const missing = await identity.app.inject({
      method: 'GET',
      url: '/api/admin/users/0196f2a0-0000-7000-8000-0000000000ff',
      headers: await asAdmin(),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect(missing.json()).toMatchObject({ status: 404, detail: 'User not found' });
  });

  it('changes email, names and role with PATCH, as the User details form sends them', async () => {
    const { user } = await createUser(identity);
    const email = newEmail('renamed');
    const response = await patchUser(identity, user.id, {
      email: email.toUpperCase(),
      firstName: 'Jordan',
      lastName: 'Lee',
      role: 'admin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, firstName: 'Jordan', lastName: 'Lee', role: 'admin' });
    expect(response.headers.etag).toBe('"2"');
    const listed = (await listUsers(identity)).find((candidate) => candidate.id === user.id);
    expect(listed).toMatchObject({ email, role: 'admin' });
  });

  it('answers a PATCH that changes nothing without a new revision', async () => {
    const { user, etag } = await createUser(identity);
    const response = await patchUser(identity, user.id, { firstName: user.firstName, role: 'user' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe(etag);
  });
});

describe('emails are unique, ignoring case', () => {
  it('refuses to create a second account with the same email in other letters (409)', async () => {
    const { user } = await createUser(identity);
    const response = await identity.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: await asAdmin(),
      payload: newUser({ email: user.email.toUpperCase() }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe('An account with this email already exists');
  });

  it("refuses to move an account onto another's email, and frees an email that was changed away", async () => {
    const first = await createUser(identity);
    const second = await createUser(identity);
    const taken = await patchUser(identity, second.user.id, { email: first.user.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('An account with this email already exists');

    const moved = await patchUser(identity, first.user.id, { email: newEmail('moved') });
    expect(moved.statusCode).toBe(200);
    const reused = await patchUser(identity, second.user.id, { email: first.user.email });
    expect(reused.statusCode).toBe(200);
  });

  it('lets only one of three concurrent creations take an email', async () => {
    const email = newEmail('race');
    const headers = await asAdmin();
    const responses = await Promise.all(
      [email, email.toUpperCase(), ` ${email} `].map((variant) =>
        identity.app.inject({
          method: 'POST',
          url: '/api/admin/users',
          headers,
          payload: newUser({ email: variant }),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await listUsers(identity)).filter((user) => user.email === email)).toHaveLength(1);
  });
});

describe('optimistic concurrency', () => {
  it('applies a change whose If-Match is current and refuses a stale one with 412', async () => {
    const { user, etag } = await createUser(identity);
    const fresh = await patchUser(identity, user.id, { firstName: 'First' }, { 'if-match': etag });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).toBe('"1"');

    const stale = await patchUser(identity, user.id, { firstName: 'Second' }, { 'if-match': etag });
    expect(stale.statusCode).toBe(412);
    expect(stale.headers['content-type']).toContain('application/problem+json');
    expect((await listUsers(identity)).find((u) => u.id === user.id)?.firstName).toBe('First');
  });

  it('rejects an If-Match that is not a revision', async () => {
    const { user } = await createUser(identity);
    const response = await patchUser(identity, user.id, { firstName: 'X' }, { 'if-match': 'yesterday' });
    expect(response.statusCode).toBe(400);
  });
});

describe('idempotency', () => {
  it('replays the first response, without its one-time link, for the same key and body, and creates one account', async () => {
    const headers = { ...(await asAdmin()), 'idempotency-key': `create-${Date.now()}` };
    const body = newUser();
    const send = () =>
      identity.app.inject({ method: 'POST', url: '/api/admin/users', headers, payload: body });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    const { passwordSetup, ...user } = first.json();
    expect(second.json()).toEqual(user);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await listUsers(identity)).filter((listed) => listed.email === body.email)).toHaveLength(1);

    // The setup link is shown once: it is never kept for the replay.
    const token = new URL(passwordSetup.url, 'http://x').searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(20);
    const { rows } = await identity.pool.query<{ body: Buffer }>(
      'SELECT body FROM identity.idempotency_keys',
    );
    expect(rows.some((row) => String(row.body).includes(token))).toBe(false);
  });
});

describe('access', () => {
  const someId = '0196f2a0-0000-7000-8000-000000000001';
  const adminRoutes = [
    { method: 'GET' as const, url: '/api/admin/users' },
    { method: 'GET' as const, url: `/api/admin/users/${someId}` },
    { method: 'POST' as const, url: '/api/admin/users' },
    { method: 'PATCH' as const, url: `/api/admin/users/${someId}` },
  ];

  it.each(adminRoutes)('$method $url needs a token (401) and the admin role (403)', async (route) => {
    const payload = route.method === 'GET' ? undefined : newUser();
    const anonymous = await identity.app.inject({ ...route, payload });
    expect(anonymous.statusCode).toBe(401);
    const tenant = await identity.app.inject({
      ...route,
      payload,
      headers: await identityHeaders('tenant'),
    });
    expect(tenant.statusCode).toBe(403);
    expect(tenant.headers['content-type']).toContain('application/problem+json');
  });
});
