import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { derivedKey, internalKeyHeader, passwordSetupMailPurpose } from '@app/service-kit';
import { testIdentitySecret } from '@app/service-kit/testing';
import { startLocalServer } from '@app/test-support/local-server';
import { startedForFile } from '@app/test-support/started-for-file';
import { startIdentity } from '../support/identity-harness.js';
import { asAdmin, createUser, newUser } from '../support/requests.js';

/** Stands in for notifications' POST /internal/password-setup-mail, answering as told and keeping each call. */
const calls: Array<{ key: unknown; body: Record<string, unknown> }> = [];
let answers: number[] = [];
const notifications = await startLocalServer((server) => {
  server.post('/internal/password-setup-mail', async (request, reply) => {
    calls.push({ key: request.headers[internalKeyHeader], body: request.body as Record<string, unknown> });
    const status = answers.shift() ?? 202;
    return reply.code(status).send(status === 202 ? { queued: true } : { title: 'Down' });
  });
});
afterAll(() => notifications.close());
beforeEach(() => {
  calls.length = 0;
  answers = [];
});

const identity = startedForFile(() => startIdentity({ notificationsUrl: notifications.origin }));

describe('a password-setup link handed to notifications to mail', () => {
  it('goes with identity’s key for this call, a fresh link id, the address, the name and the link itself', async () => {
    const { user, passwordSetup } = await createUser(identity, newUser({ firstName: 'Ada' }));
    expect(passwordSetup.emailed).toBe(true);
    expect(calls).toEqual([
      {
        key: derivedKey(testIdentitySecret, passwordSetupMailPurpose),
        body: {
          linkId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          userId: user.id,
          email: user.email,
          firstName: 'Ada',
          secretLink: passwordSetup.url,
          expiresAt: passwordSetup.expiresAt,
        },
      },
    ]);
  });

  it('is tried again once, with the same link id, after notifications failed', async () => {
    answers = [503];
    const { passwordSetup } = await createUser(identity);
    expect(passwordSetup.emailed).toBe(true);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body.linkId).toBe(calls[0]?.body.linkId);
  });

  it('says emailed: false when notifications would not take it, and the copied link still works', async () => {
    answers = [503, 503];
    const { passwordSetup } = await createUser(identity);
    expect(passwordSetup.emailed).toBe(false);
    const { pathname, search } = new URL(passwordSetup.url, 'http://app.test');
    expect((await identity.app.inject({ method: 'GET', url: pathname + search })).statusCode).toBe(200);
  });

  it('is handed over again for each new link an admin issues, under a new link id', async () => {
    const { user } = await createUser(identity);
    const reissued = await identity.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/password-setup`,
      headers: await asAdmin(),
    });
    expect(reissued.json()).toMatchObject({ emailed: true });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body.secretLink).toBe(reissued.json<{ url: string }>().url);
    expect(calls[1]?.body.linkId).not.toBe(calls[0]?.body.linkId);
  });
});
