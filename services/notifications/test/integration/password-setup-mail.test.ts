import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  derivedKey,
  internalKeyHeader,
  passwordSetupMailPurpose,
  sessionResolvePurpose,
} from '@app/service-kit';
import { testIdentitySecret } from '@app/service-kit/testing';
import { silentLogger } from '@app/test-support';
import { startedForFile } from '@app/test-support/started-for-file';
import { emailSendsCounter } from '../../src/outbox/email-metrics.js';
import { createSmtpMailer } from '../../src/outbox/mailer.js';
import { wireEmailSender } from '../../src/wire.js';
import { decodedMail } from '../support/mail-text.js';
import { startSmtpInbox } from '../support/smtp-inbox.js';
import { startWebhookHarness, testKeyRing } from '../support/webhook-harness.js';

const notifications = startedForFile(startWebhookHarness);
const inbox = await startSmtpInbox();
const mailer = createSmtpMailer(inbox.url, { timeoutMs: 5_000 });
afterAll(async () => {
  mailer.close();
  await inbox.close();
});

const identityKey = derivedKey(testIdentitySecret, passwordSetupMailPurpose);
const hours = (count: number) => count * 60 * 60 * 1000;

function sender(now = () => new Date()) {
  return wireEmailSender(
    {
      MAIL_FROM: 'FinTech Platform <no-reply@app.example>',
      SEND_MAX_ATTEMPTS: 3,
      SEND_RETRY_BASE_MS: 100,
      SECRETS_KEYS: testKeyRing,
    },
    { pool: notifications.pool, mailer, logger: silentLogger, sends: emailSendsCounter(), now },
  );
}

/** A link as identity issues it: a path on the app's origin (no PUBLIC_URL there), 256 random bits of token. */
function aLink(overrides: Record<string, unknown> = {}) {
  const userId = randomUUID();
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    body: {
      linkId: randomUUID(),
      userId,
      email: `new-${userId}@example.test`,
      firstName: 'Ada',
      secretLink: `/api/login/setup?token=${token}`,
      expiresAt: new Date(Date.now() + hours(72)).toISOString(),
      ...overrides,
    },
  };
}

function handOver(body: object, key: string | null = identityKey) {
  return notifications.app.inject({
    method: 'POST',
    url: '/internal/password-setup-mail',
    headers: key === null ? {} : { [internalKeyHeader]: key },
    payload: body,
  });
}

async function sendsTo(userId: string) {
  const { rows } = await notifications.pool.query<{
    event_id: string;
    status: string;
    last_error: string | null;
    payload: unknown;
  }>(
    'SELECT event_id, status, last_error, payload FROM email_sends WHERE recipient_id = $1 ORDER BY created_at',
    [userId],
  );
  return rows;
}

const mailsTo = (email: string) =>
  inbox.mails.filter((mail) => mail.to.includes(email)).map((mail) => decodedMail(mail));

describe('the password-setup link identity hands over', () => {
  it('is mailed to the new account: whom, subject, the link made absolute, until when it works', async () => {
    const { token, body } = aLink({ expiresAt: '2030-01-04T09:30:00.000Z' });
    const response = await handOver(body);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ queued: true });

    expect(await sender().sendDue()).toBe(1);

    const [mail, ...others] = mailsTo(body.email);
    expect(others).toEqual([]);
    expect(mail).toContain(`To: ${body.email}`);
    expect(mail).toContain('Subject: Choose your FinTech Platform password');
    expect(mail).toContain('Hi Ada,');
    expect(mail).toContain(`An administrator set up a FinTech Platform account for ${body.email}.`);
    expect(mail).toContain(`https://app.example/api/login/setup?token=${token}`);
    expect(mail).toContain('The link works once, until Jan 4, 2030, 9:30 AM UTC.');
  });

  it('rests sealed until sent, and is wiped from the row once it is', async () => {
    const { token, body } = aLink();
    await handOver(body);
    const [queued] = await sendsTo(body.userId);
    expect(queued?.status).toBe('pending');
    expect(JSON.stringify(queued?.payload)).not.toContain(token);
    expect(queued?.payload).toEqual({ sealed: expect.objectContaining({ keyId: 'k1' }) });

    await sender().sendDue();

    expect(await sendsTo(body.userId)).toEqual([
      { event_id: body.linkId, status: 'sent', last_error: null, payload: { sealed: null } },
    ]);
  });

  it('handed over twice (a retried call) is queued and mailed once', async () => {
    const { body } = aLink();
    expect((await handOver(body)).json()).toEqual({ queued: true });
    expect((await handOver(body)).json()).toEqual({ queued: false });
    await sender().sendDue();
    expect(await sender().sendDue()).toBe(0);
    expect(mailsTo(body.email)).toHaveLength(1);
  });

  it('replaced by a newer link before it went out, is not mailed: only the newer one is', async () => {
    const first = aLink();
    const newer = aLink({ userId: first.body.userId, email: first.body.email });
    await handOver(first.body);
    await handOver(newer.body);

    await sender().sendDue();

    const mails = mailsTo(first.body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(newer.token);
    expect(await sendsTo(first.body.userId)).toEqual([
      {
        event_id: first.body.linkId,
        status: 'cancelled',
        last_error: 'A newer password-setup link replaced this one',
        payload: { sealed: null },
      },
      { event_id: newer.body.linkId, status: 'sent', last_error: null, payload: { sealed: null } },
    ]);
  });

  it('expired before it could go out, is not mailed', async () => {
    const { body } = aLink({ expiresAt: new Date(Date.now() + hours(1)).toISOString() });
    await handOver(body);

    expect(await sender(() => new Date(Date.now() + hours(2))).sendDue()).toBe(1);

    expect(mailsTo(body.email)).toEqual([]);
    expect(await sendsTo(body.userId)).toEqual([
      {
        event_id: body.linkId,
        status: 'cancelled',
        last_error: 'The link expired before it could be mailed',
        payload: { sealed: null },
      },
    ]);
  });

  it('is refused without identity’s key for this call (401), or in a bad shape (400), queuing nothing', async () => {
    const { body } = aLink();
    expect((await handOver(body, null)).statusCode).toBe(401);
    expect((await handOver(body, derivedKey(testIdentitySecret, sessionResolvePurpose))).statusCode).toBe(
      401,
    );
    for (const secretLink of ['', 'javascript:alert(1)', '//elsewhere.example/api/login/setup']) {
      expect((await handOver({ ...body, secretLink })).statusCode).toBe(400);
    }
    expect((await handOver({ ...body, surprise: true })).statusCode).toBe(400);
    expect(await sendsTo(body.userId)).toEqual([]);
  });
});
