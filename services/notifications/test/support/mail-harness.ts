import { afterAll } from 'vitest';
import { billingStream, catalogStream, identityStream, tenancyStream } from '@app/contracts';
import { withConsumers } from '@app/test-support/nats';
import { startedForFile } from '@app/test-support/started-for-file';
import { appLinks } from '../../src/integration/app-links.js';
import { startNotificationsConsumers } from '../../src/integration/start-notifications-consumers.js';
import { emailSendsCounter } from '../../src/outbox/email-metrics.js';
import { createSmtpMailer } from '../../src/outbox/mailer.js';
import { wireEmailSender } from '../../src/wire.js';
import { eventually } from '@app/test-support/eventually';
import { decodedMail } from './mail-text.js';
import { mailWorld } from './mail-world.js';
import { silentLogger, startNotificationsStorage } from './notifications-harness.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { testKeyRing } from './webhook-harness.js';

/**
 * A mail test file's world: a real SMTP server in the process, notifications' schema and consumers on NATS
 * (links against https://app.example), the producers' side (mailWorld), and a sender to run when the test
 * wants the mail out. Call at the top of the file.
 */
export async function startMailHarness() {
  const inbox = await startSmtpInbox();
  afterAll(() => inbox.close());
  const storage = startedForFile(async () => {
    const started = await startNotificationsStorage();
    return withConsumers(started, [identityStream, tenancyStream, catalogStream, billingStream], (nats) =>
      startNotificationsConsumers(
        { nats: nats.nc, pool: started.pool, natsPrefix: nats.prefix, logger: silentLogger },
        { links: appLinks('https://app.example'), now: () => new Date() },
      ),
    );
  });
  const sends = emailSendsCounter();
  const mailer = createSmtpMailer(inbox.url, { timeoutMs: 5_000 });
  afterAll(() => mailer.close());
  const sender = () =>
    wireEmailSender(
      {
        MAIL_FROM: 'FinTech Platform <no-reply@app.example>',
        SEND_MAX_ATTEMPTS: 3,
        SEND_RETRY_BASE_MS: 100,
        SECRETS_KEYS: testKeyRing,
      },
      { pool: storage.pool, mailer, logger: silentLogger, sends },
    );
  /** Each mail to `email` as decoded text, in the order it arrived. */
  const mailsTo = (email: string) =>
    inbox.mails.filter((mail) => mail.to.includes(email)).map((mail) => decodedMail(mail));
  const world = mailWorld(storage);
  /** Waits until `count` messages to `userId` are queued, then sends what is due. */
  async function sendQueued(userId: string, count: number) {
    await eventually(
      () => world.sendsTo(userId),
      (rows) => rows.length === count,
    );
    await sender().sendDue();
  }
  return { inbox, storage, sends, sender, mailsTo, world, sendQueued };
}
