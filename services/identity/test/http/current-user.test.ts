import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { identityHeaders } from '@app/service-kit/testing';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import { startIdentity } from '../support/identity-harness.js';
import { asUser, createUser, newEmail, newUser } from '../support/requests.js';

const identity = startedForFile(startIdentity);

async function me(headers: Record<string, string>) {
  return identity.app.inject({ method: 'GET', url: '/api/auth/user', headers });
}

async function changeMe(headers: Record<string, string>, payload: object) {
  return identity.app.inject({ method: 'PATCH', url: '/api/auth/user', headers, payload });
}

describe('GET /api/auth/user', () => {
  it("answers the caller's own account, as the read model has it", async () => {
    const { user } = await createUser(identity, newUser({ role: 'admin' }));
    // The token says tenant; the account says admin: the account wins.
    const response = await me(await asUser(user.id, 'tenant'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: 'admin',
      profileImageUrl: null,
      createdAt: user.createdAt,
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is 401 with nobody signed in, and for a caller whose account does not exist', async () => {
    expect((await me({})).statusCode).toBe(401);
    const stranger = await me(await identityHeaders('tenant'));
    expect(stranger.statusCode).toBe(401);
    expect(stranger.headers['content-type']).toContain('application/problem+json');
  });

  it('is 401 for a deactivated account', async () => {
    const { user } = await createUser(identity);
    const headers = await asUser(user.id);
    expect((await me(headers)).statusCode).toBe(200);
    const commands = wireUserCommands(identity.eventStore, identity.pool, () => new Date());
    const { position } = await commands.deactivate(user.id, { metadata: {} });
    expect(await identity.projections.waitFor(position!, 5_000)).toBe(true);
    expect((await me(headers)).statusCode).toBe(401);
  });
});

describe('PATCH /api/auth/user', () => {
  it('changes your own email and names, visible at once', async () => {
    const { user } = await createUser(identity);
    const headers = await asUser(user.id);
    const email = newEmail('self');
    const response = await changeMe(headers, { email, firstName: 'Jo', lastName: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email, firstName: 'Jo', lastName: null });
    expect(response.headers.etag).toBe('"1"');
    expect((await me(headers)).json()).toMatchObject({ email, firstName: 'Jo', lastName: null });
  });

  it("refuses another account's email, in any letters (409)", async () => {
    const { user } = await createUser(identity);
    const other = await createUser(identity);
    const response = await changeMe(await asUser(user.id), { email: other.user.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe('An account with this email already exists');
  });

  it('refuses a stale If-Match with 412', async () => {
    const { user, etag } = await createUser(identity);
    const headers = await asUser(user.id);
    expect((await changeMe({ ...headers, 'if-match': etag }, { firstName: 'A' })).statusCode).toBe(200);
    expect((await changeMe({ ...headers, 'if-match': etag }, { firstName: 'B' })).statusCode).toBe(412);
  });

  it('is 401 with nobody signed in or for an unknown account', async () => {
    expect((await changeMe({}, { firstName: 'X' })).statusCode).toBe(401);
    expect((await changeMe(await identityHeaders('tenant'), { firstName: 'X' })).statusCode).toBe(401);
  });
});
