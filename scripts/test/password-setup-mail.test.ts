import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@app/test-support';
import { eventually } from '@app/test-support/eventually';
import { leaks, storedText } from '@app/test-support/leak-scan';
import { withRelay } from '@app/test-support/nats';
import { service as identityService } from '../../services/identity/src/service.js';
import { postForm, strongPassword } from '../../services/identity/test/sessions/login-harness.js';
import { startIdentity } from '../../services/identity/test/support/identity-harness.js';
import { asAdmin, createUser } from '../../services/identity/test/support/requests.js';
import { emailSendsCounter } from '../../services/notifications/src/outbox/email-metrics.js';
import { createSmtpMailer } from '../../services/notifications/src/outbox/mailer.js';
import { wireEmailSender } from '../../services/notifications/src/wire.js';
import { decodedMail } from '../../services/notifications/test/support/mail-text.js';
import { startSmtpInbox } from '../../services/notifications/test/support/smtp-inbox.js';
import {
  startWebhookHarness,
  testKeyRing,
} from '../../services/notifications/test/support/webhook-harness.js';

/**
 * An admin creates an account (issue 20, the password-setup link): identity hands the link to notifications over
 * its internal call, notifications mails it through a real SMTP server, and the link in the mail sets the
 * password once. Identity's relay runs, so what it publishes meanwhile can be searched for the link's secret.
 */
const notifications = await startWebhookHarness();
await notifications.app.listen({ port: 0, host: '127.0.0.1' });
const address = notifications.app.server.address();
if (address === null || typeof address === 'string') throw new Error('notifications is not listening');
const identity = await withRelay(
  await startIdentity({ notificationsUrl: `http://127.0.0.1:${address.port}` }),
  identityService,
);
const inbox = await startSmtpInbox();
const mailer = createSmtpMailer(inbox.url, { timeoutMs: 5_000 });
const sender = wireEmailSender(
  {
    MAIL_FROM: 'FinTech Platform <no-reply@app.example>',
    SEND_MAX_ATTEMPTS: 3,
    SEND_RETRY_BASE_MS: 100,
    SECRETS_KEYS: testKeyRing,
  },
  { pool: notifications.pool, mailer, logger: silentLogger, sends: emailSendsCounter() },
);
afterAll(async () => {
  mailer.close();
  await inbox.close();
  await identity.close();
  await notifications.close();
});

const setupLinkIn = (mail: string) =>
  /https:\/\/app\.example\/api\/login\/setup\?token=[\w-]+/.exec(mail)?.[0];

function choosePassword(link: string) {
  const token = new URL(link).searchParams.get('token') ?? '';
  return postForm(identity.app, '/api/login/setup', {
    token,
    password: strongPassword,
    confirmPassword: strongPassword,
  });
}

describe('an account an admin creates', () => {
  it('gets its setup link by mail, which works once; the secret never reaches NATS or rests in clear', async () => {
    const { user, passwordSetup } = await createUser(identity);
    expect(passwordSetup.emailed).toBe(true);
    const token = new URL(passwordSetup.url, 'https://app.example').searchParams.get('token') ?? '';
    expect(token).toMatch(/^[\w-]{43}$/);

    expect(await sender.sendDue()).toBe(1);
    expect(await sender.sendDue()).toBe(0);
    const mails = inbox.mails.filter((mail) => mail.to.includes(user.email)).map(decodedMail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Choose your FinTech Platform password');
    const link = setupLinkIn(mails[0] ?? '');
    expect(link).toBe(new URL(passwordSetup.url, 'https://app.example').toString());

    const opened = await identity.app.inject({
      method: 'GET',
      url: new URL(link!).pathname + new URL(link!).search,
    });
    expect(opened.statusCode).toBe(200);
    expect((await choosePassword(link!)).statusCode).toBe(303);
    expect((await choosePassword(link!)).statusCode).toBe(410);

    // The password set from the link is identity's last event here: once it is on NATS, all before it is too.
    await eventually(
      () => identity.nats.messages.filter((message) => message.text.includes(user.id)),
      (messages) => messages.some((message) => message.subject === 'identity.user.password-set.v1'),
      10_000,
    );
    expect(identity.nats.messages.filter((message) => message.text.includes(token))).toEqual([]);
    const atRest = [
      ...(await storedText(notifications.pool, 'notifications')),
      ...(await storedText(identity.pool, 'identity')),
    ];
    expect(leaks(atRest, [token])).toEqual([]);
  });

  it('gets a new link by mail when an admin issues one, and the earlier link stops working', async () => {
    const { user, passwordSetup } = await createUser(identity);
    const reissued = await identity.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/password-setup`,
      headers: await asAdmin(),
    });
    expect(reissued.statusCode).toBe(200);
    expect(reissued.json()).toMatchObject({ emailed: true });

    await sender.sendDue();

    const mails = inbox.mails.filter((mail) => mail.to.includes(user.email)).map(decodedMail);
    expect(mails).toHaveLength(1);
    const link = setupLinkIn(mails[0] ?? '');
    expect(link).toBe(new URL(reissued.json<{ url: string }>().url, 'https://app.example').toString());
    expect(link).not.toBe(new URL(passwordSetup.url, 'https://app.example').toString());
    expect((await choosePassword(link!)).statusCode).toBe(303);
  });
});
