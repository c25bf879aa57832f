import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import { createUser, newEmail } from '../support/requests.js';
import { startOidcHarness } from './oidc-harness.js';

const sso = startedForFile(startOidcHarness);

async function registrationOf(userId: string) {
  const { events } = await sso.identity.eventStore.readStream(`identity_user-${userId}`);
  return events[0];
}

async function userCount(): Promise<number> {
  const { rows } = await sso.identity.pool.query<{ count: string }>('SELECT count(*) FROM users');
  return Number(rows[0]?.count);
}

describe('which account a provider sign-in opens', () => {
  it('creates a tenant for a new verified email, and finds it again by subject', async () => {
    const who = sso.person({ given_name: 'Sam', family_name: 'Rivera' });
    const first = await sso.signIn(who);
    const userId = await sso.sessionOwner(first);
    expect(userId).not.toBeNull();
    expect(await registrationOf(userId ?? '')).toMatchObject({
      type: 'UserRegistered',
      data: { email: who.email, firstName: 'Sam', lastName: 'Rivera', role: 'tenant', registeredVia: 'oidc' },
    });

    // A later email change at the provider does not matter: the subject names the person.
    sso.provider.accounts.get(who.login)!.claims.email = newEmail('changed');
    expect(await sso.sessionOwner(await sso.signIn(who))).toBe(userId);
  });

  it('links an existing account with the same email, in any letters', async () => {
    const { user } = await createUser(sso.identity, { email: newEmail('local') });
    const who = sso.person({ email: user.email.toUpperCase() });
    const before = await userCount();
    const response = await sso.signIn(who);
    expect(response.statusCode).toBe(303);
    expect(await sso.sessionOwner(response)).toBe(user.id);
    expect(await userCount()).toBe(before);
    const { rows } = await sso.identity.pool.query(
      'SELECT issuer, user_id FROM oidc_identities WHERE subject = $1',
      [who.login],
    );
    expect(rows).toEqual([{ issuer: sso.provider.issuer, user_id: user.id }]);
  });

  it('refuses an unverified email with a clear page, and creates nothing', async () => {
    const before = await userCount();
    const response = await sso.signIn(sso.person({ email_verified: false }));
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Your Test IdP account has no verified email address');
    expect(await sso.sessionOwner(response)).toBeNull();
    expect(await userCount()).toBe(before);
  });

  it('refuses a second provider identity for an account already linked to one', async () => {
    const email = newEmail('taken');
    const first = sso.person({ email });
    const firstOwner = await sso.sessionOwner(await sso.signIn(first));
    expect(firstOwner).not.toBeNull();
    // The provider gives the address to someone else (a new subject): they must not get the account.
    sso.provider.accounts.get(first.login)!.claims.email = newEmail('moved');
    const response = await sso.signIn(sso.person({ email }));
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('already linked to a different Test IdP identity');
    expect(await sso.sessionOwner(response)).toBeNull();
  });

  it('refuses a deactivated account, linked or found by email', async () => {
    const who = sso.person();
    const userId = (await sso.sessionOwner(await sso.signIn(who))) ?? '';
    const { user: byEmail } = await createUser(sso.identity, { email: newEmail('inactive') });
    const commands = wireUserCommands(sso.identity.eventStore, sso.identity.pool, () => new Date());
    for (const id of [userId, byEmail.id]) {
      const { position } = await commands.deactivate(id, { metadata: {} });
      expect(await sso.identity.projections.waitFor(position!, 5_000)).toBe(true);
    }
    for (const person of [who, sso.person({ email: byEmail.email })]) {
      const response = await sso.signIn(person);
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('This account is deactivated.');
      expect(await sso.sessionOwner(response)).toBeNull();
    }
  });
});
