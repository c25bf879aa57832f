import { describe, expect, it } from 'vitest';
import { auditEntryRecordedV1, type AuditEntryData, type ViewAsSession } from '@app/contracts';
import { derivedKey, internalKeyHeader, sessionResolvePurpose } from '@app/service-kit';
import { identityHeaders, testIdentitySecret } from '@app/service-kit/testing';
import { eventually } from '@app/test-support/eventually';
import { withAuditRelay } from '@app/test-support/nats';
import { silentLogger } from '@app/test-support/service-harness';
import { startedForFile } from '@app/test-support/started-for-file';
import { createViewAsCommands } from '../../src/application/view-as-commands.js';
import { createViewAsExpiry } from '../../src/application/view-as-expiry.js';
import { service } from '../../src/service.js';
import { createSessionStore } from '../../src/sessions/index.js';
import { startIdentity } from '../support/identity-harness.js';
import { asUser, createUser, newUser } from '../support/requests.js';

/** The one clock of the app, the sessions and the expiry runner: tests move it, nobody sleeps. */
let clock = new Date('2026-11-21T10:00:00.000Z');
const now = () => clock;
const minutes = (count: number) => new Date(clock.getTime() + count * 60_000);

const identity = startedForFile(async () =>
  withAuditRelay(await startIdentity({ now }), { ...service, stream: service.publishes.stream }),
);

const entries = (): AuditEntryData[] =>
  identity.nats.messages
    .filter((message) => message.subject === 'identity.audit-entry.recorded.v1')
    .map((message) => auditEntryRecordedV1.parse(JSON.parse(message.text)).data);

/** An admin signed in through a real session (the view lives in it), and a customer to view. */
async function adminAndCustomer() {
  const { user: admin } = await createUser(identity, newUser({ role: 'admin', firstName: 'Sam' }));
  const { user: customer } = await createUser(identity, newUser({ firstName: 'Casey' }));
  const session = await createSessionStore({ pool: identity.pool, now }).createSession(admin.id);
  return { admin, customer, sid: session.token };
}

async function startView(adminId: string, sid: string, customerId: string, reason: unknown = 'Ticket 4411') {
  return identity.app.inject({
    method: 'POST',
    url: `/api/admin/users/${customerId}/view-as`,
    headers: { ...(await asUser(adminId, 'admin')), cookie: `sid=${sid}` },
    payload: { reason },
  });
}

function resolve(sessionId: string, viewAsSessionId?: string) {
  return identity.app.inject({
    method: 'POST',
    url: '/internal/sessions/resolve',
    headers: { [internalKeyHeader]: derivedKey(testIdentitySecret, sessionResolvePurpose) },
    payload: { sessionId, ...(viewAsSessionId === undefined ? {} : { viewAsSessionId }) },
  });
}

describe('a view as a customer', () => {
  it('opens for 30 minutes with the view’s cookie and resolves the admin’s session as the customer', async () => {
    clock = new Date('2026-11-21T10:00:00.000Z');
    const { admin, customer, sid } = await adminAndCustomer();

    const started = await startView(admin.id, sid, customer.id, '  Ticket 4411  ');
    expect(started.statusCode, started.body).toBe(201);
    const view = started.json<ViewAsSession>();
    expect(view).toMatchObject({
      customerId: customer.id,
      reason: 'Ticket 4411',
      expiresAt: minutes(30).toISOString(),
    });
    expect(started.cookies.find((cookie) => cookie.name === 'vas')).toMatchObject({
      value: view.id,
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 1800,
    });

    expect((await resolve(sid, view.id)).json()).toEqual({
      userId: admin.id,
      role: 'admin',
      email: admin.email,
      viewAs: {
        sessionId: view.id,
        userId: customer.id,
        role: 'tenant',
        email: customer.email,
        expiresAt: view.expiresAt,
      },
    });
    // Without the view's cookie, or in another sign-in session of the same admin, they are themselves.
    expect((await resolve(sid)).json()).not.toHaveProperty('viewAs');
    const other = await createSessionStore({ pool: identity.pool, now }).createSession(admin.id);
    expect((await resolve(other.token, view.id)).json()).not.toHaveProperty('viewAs');

    const viewed = {
      userId: customer.id,
      role: 'tenant' as const,
      actor: { userId: admin.id, viewAsSessionId: view.id },
    };
    const me = await identity.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: await identityHeaders('tenant', testIdentitySecret, viewed),
    });
    expect(me.json()).toMatchObject({
      id: customer.id,
      viewAs: { sessionId: view.id, expiresAt: view.expiresAt },
    });
  });

  it('refuses a missing or too long reason, an admin’s account and a request without a browser session', async () => {
    clock = new Date('2026-11-21T10:00:00.000Z');
    const { admin, customer, sid } = await adminAndCustomer();
    const blank = await startView(admin.id, sid, customer.id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      errors: [{ path: 'reason', message: 'Enter a reason for viewing this account.' }],
    });
    expect((await startView(admin.id, sid, customer.id, 'x'.repeat(501))).statusCode).toBe(400);
    const ofAdmin = await startView(admin.id, sid, admin.id);
    expect(ofAdmin.statusCode).toBe(400);
    expect(ofAdmin.json()).toMatchObject({ detail: 'You cannot view your own account as a customer.' });
    const noSession = await identity.app.inject({
      method: 'POST',
      url: `/api/admin/users/${customer.id}/view-as`,
      headers: await asUser(admin.id, 'admin'),
      payload: { reason: 'Ticket 4411' },
    });
    expect(noSession.statusCode).toBe(400);
    const asCustomer = await identity.app.inject({
      method: 'POST',
      url: `/api/admin/users/${customer.id}/view-as`,
      headers: await asUser(customer.id, 'tenant'),
      payload: { reason: 'Ticket 4411' },
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('ends on leaving: recorded as left by the admin, the cookie dropped, the admin themselves again', async () => {
    clock = new Date('2026-11-21T10:00:00.000Z');
    const { admin, customer, sid } = await adminAndCustomer();
    const view = (
      await startView(admin.id, sid, customer.id, 'Checking the billing page')
    ).json<ViewAsSession>();
    clock = minutes(5);

    const left = await identity.app.inject({
      method: 'DELETE',
      url: '/api/auth/view-as',
      headers: { ...(await asUser(admin.id, 'admin')), cookie: `sid=${sid}; vas=${view.id}` },
    });
    expect(left.statusCode).toBe(204);
    expect(left.cookies.find((cookie) => cookie.name === 'vas')).toMatchObject({ value: '' });
    expect((await resolve(sid, view.id)).json()).not.toHaveProperty('viewAs');

    const about = () =>
      entries().filter((entry) => entry.entity.id === customer.id && entry.action.startsWith('user.view-as'));
    await eventually(about, (found) => found.length === 2, 10_000);
    expect(about()).toMatchObject([
      {
        action: 'user.view-as-started',
        actor: { type: 'user', userId: admin.id, role: 'admin' },
        accountId: customer.id,
        changes: [{ field: 'Reason', after: 'Checking the billing page' }, { field: 'Expires at' }],
      },
      {
        action: 'user.view-as-ended',
        actor: { type: 'user', userId: admin.id, role: 'admin' },
        accountId: customer.id,
        changes: [
          { field: 'Ended', after: 'Left' },
          { field: 'Reason', after: 'Checking the billing page' },
        ],
      },
    ]);
  });

  it('ends as left when the admin signs out, with the session it lived in', async () => {
    clock = new Date('2026-11-21T10:00:00.000Z');
    const { admin, customer, sid } = await adminAndCustomer();
    const view = (await startView(admin.id, sid, customer.id)).json<ViewAsSession>();

    const signedOut = await identity.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: {
        ...(await asUser(admin.id, 'admin')),
        cookie: `sid=${sid}; vas=${view.id}`,
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.cookies.find((cookie) => cookie.name === 'vas')).toMatchObject({ value: '' });
    expect((await resolve(sid, view.id)).statusCode).toBe(404);
    const ended = () =>
      entries().filter((entry) => entry.entity.id === customer.id && entry.action === 'user.view-as-ended');
    await eventually(ended, (found) => found.length === 1, 10_000);
    expect(ended()[0]).toMatchObject({
      actor: { userId: admin.id },
      changes: [{ field: 'Ended', after: 'Left' }, {}],
    });
  });

  it('ends after 30 minutes on the clock: refused from then on, and its end recorded by the runner once', async () => {
    clock = new Date('2026-11-21T12:00:00.000Z');
    const { admin, customer, sid } = await adminAndCustomer();
    const view = (await startView(admin.id, sid, customer.id)).json<ViewAsSession>();
    const expiry = createViewAsExpiry({
      views: createViewAsCommands({ eventStore: identity.eventStore, db: identity.pool, now }),
      db: identity.pool,
      now,
      logger: silentLogger,
    });

    clock = minutes(20);
    expect((await resolve(sid, view.id)).json()).toHaveProperty('viewAs');
    expect(await expiry.tick()).not.toContain(view.id);

    clock = minutes(10);
    // The admin's own session lives on (it was used 10 minutes ago); the view does not.
    const after = (await resolve(sid, view.id)).json();
    expect(after).toMatchObject({ userId: admin.id, role: 'admin' });
    expect(after).not.toHaveProperty('viewAs');
    await eventually(
      () => expiry.tick(),
      (ended) => ended.includes(view.id),
      10_000,
    );
    expect(await expiry.tick()).not.toContain(view.id);

    const ended = () =>
      entries().filter((entry) => entry.entity.id === customer.id && entry.action === 'user.view-as-ended');
    await eventually(ended, (found) => found.length === 1, 10_000);
    expect(ended()[0]).toMatchObject({
      actor: { type: 'system', name: 'view-as-expiry' },
      changes: [
        { field: 'Ended', after: 'Expired' },
        { field: 'Reason', after: 'Ticket 4411' },
      ],
    });
  });
});
