import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { identityHeaders } from '@app/service-kit/testing';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import { startIdentity } from '../support/identity-harness.js';
import { asAdmin, createUser, newUser } from '../support/requests.js';

const identity = startedForFile(() => startIdentity({ publicUrl: 'https://app.example.test' }));

async function reissue(id: string, headers?: Record<string, string>) {
  return identity.app.inject({
    method: 'POST',
    url: `/api/admin/users/${id}/password-setup`,
    headers: headers ?? (await asAdmin()),
  });
}

async function linkWorks(url: string): Promise<boolean> {
  const { pathname, search } = new URL(url);
  const page = await identity.app.inject({ method: 'GET', url: pathname + search });
  return page.statusCode === 200;
}

async function tokenRows(): Promise<number> {
  const { rows } = await identity.pool.query<{ count: string }>('SELECT count(*) FROM password_setup_tokens');
  return Number(rows[0]?.count);
}

describe('password-setup links issued by an administrator', () => {
  it('are absolute under PUBLIC_URL, and stored only as a hash', async () => {
    const { passwordSetup } = await createUser(identity);
    expect(passwordSetup.url).toMatch(/^https:\/\/app\.example\.test\/api\/login\/setup\?token=[\w-]{43}$/);
    const token = new URL(passwordSetup.url).searchParams.get('token') ?? '';
    const { rows } = await identity.pool.query<{ token_hash: Buffer }>(
      'SELECT token_hash FROM password_setup_tokens',
    );
    const stored = rows.map((row) => row.token_hash.toString('hex') + row.token_hash.toString('base64url'));
    expect(stored.join()).not.toContain(token);
  });

  it('a new link replaces the unused one', async () => {
    const { user, passwordSetup } = await createUser(identity);
    const response = await reissue(user.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const fresh = response.json<{ url: string; expiresAt: string }>();
    expect(fresh.url).not.toBe(passwordSetup.url);
    expect(Date.parse(fresh.expiresAt)).toBeGreaterThan(Date.now());
    expect(await linkWorks(fresh.url)).toBe(true);
    expect(await linkWorks(passwordSetup.url)).toBe(false);
  });

  it('answers a retry with the same Idempotency-Key without issuing, or repeating, a link', async () => {
    const { user } = await createUser(identity);
    const headers = { ...(await asAdmin()), 'idempotency-key': `setup-${user.id}` };
    const first = await reissue(user.id, headers);
    const second = await reissue(user.id, headers);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const { url, ...rest } = first.json<{ url: string; expiresAt: string }>();
    expect(second.json()).toEqual(rest);
    expect(await linkWorks(url)).toBe(true);
  });

  it('are refused for an unknown (404) or deactivated (409) account, or a bad id (400)', async () => {
    const before = await tokenRows();
    const unknown = await reissue('0196f2a0-0000-7000-8000-0000000000ff');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('User not found');
    expect((await reissue('not-an-id')).statusCode).toBe(400);

    const { user } = await createUser(identity);
    const commands = wireUserCommands(identity.eventStore, identity.pool, () => new Date());
    const { position } = await commands.deactivate(user.id, { metadata: {} });
    expect(await identity.projections.waitFor(position!, 5_000)).toBe(true);
    const inactive = await reissue(user.id);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.headers['content-type']).toContain('application/problem+json');
    expect(await tokenRows()).toBe(before + 1);
  });

  it('need the admin role', async () => {
    const { user } = await createUser(identity);
    const before = await tokenRows();
    const anonymous = await identity.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/password-setup`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await reissue(user.id, await identityHeaders('tenant'))).statusCode).toBe(403);
    expect(await tokenRows()).toBe(before);
  });

  it('a failed create issues no link', async () => {
    const before = await tokenRows();
    const response = await identity.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: await asAdmin(),
      payload: newUser({ email: 'not-an-email' }),
    });
    expect(response.statusCode).toBe(400);
    expect(await tokenRows()).toBe(before);
  });
});
