import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { defaultNotificationPreferences } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import { startIdentity } from '../support/identity-harness.js';
import { asUser, createUser } from '../support/requests.js';

const identity = startedForFile(startIdentity);

const url = '/api/auth/notification-preferences';

async function read(headers: Record<string, string>) {
  return identity.app.inject({ method: 'GET', url, headers });
}

async function write(headers: Record<string, string>, payload: unknown) {
  return identity.app.inject({ method: 'PUT', url, headers, payload: payload as object });
}

describe('GET /api/auth/notification-preferences', () => {
  it('answers the defaults for an account that never changed a switch', async () => {
    const { user } = await createUser(identity);
    const response = await read(await asUser(user.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: true, push: false, securityAlerts: true });
    expect(response.json()).toEqual(defaultNotificationPreferences);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is 401 for visitors, unknown accounts and deactivated ones', async () => {
    expect((await read({})).statusCode).toBe(401);
    expect((await read(await identityHeaders('tenant'))).statusCode).toBe(401);
    const { user } = await createUser(identity);
    const commands = wireUserCommands(identity.eventStore, identity.pool, () => new Date());
    const { position } = await commands.deactivate(user.id, { metadata: {} });
    expect(await identity.projections.waitFor(position!, 5_000)).toBe(true);
    expect((await read(await asUser(user.id))).statusCode).toBe(401);
  });
});

describe('PUT /api/auth/notification-preferences', () => {
  it('stores all three switches and answers them; a read right after shows them', async () => {
    const { user } = await createUser(identity);
    const headers = await asUser(user.id);
    const changed = { email: false, push: true, securityAlerts: false };
    const response = await write(headers, changed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(changed);
    expect((await read(headers)).json()).toEqual(changed);
  });

  it('records nothing when no switch changes', async () => {
    const { user } = await createUser(identity);
    const headers = await asUser(user.id);
    const first = await write(headers, { email: true, push: true, securityAlerts: true });
    const again = await write(headers, { email: true, push: true, securityAlerts: true });
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it("changes only the caller's switches: another account keeps its own", async () => {
    const mine = await createUser(identity);
    const theirs = await createUser(identity);
    await write(await asUser(mine.user.id), { email: false, push: true, securityAlerts: false });
    expect((await read(await asUser(theirs.user.id))).json()).toEqual(defaultNotificationPreferences);
  });

  it.each([
    ['a missing switch', { email: true, push: false }, 'securityAlerts'],
    ['a switch that is not a boolean', { email: 'yes', push: false, securityAlerts: true }, 'email'],
    ['an unknown field', { email: true, push: false, securityAlerts: true, sms: true }, 'sms'],
  ])('refuses %s with 400 naming the field', async (_case, payload, field) => {
    const { user } = await createUser(identity);
    const headers = await asUser(user.id);
    const response = await write(headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(JSON.stringify(response.json())).toContain(field);
    expect((await read(headers)).json()).toEqual(defaultNotificationPreferences);
  });

  it('is 401 for visitors', async () => {
    expect((await write({}, defaultNotificationPreferences)).statusCode).toBe(401);
  });
});
