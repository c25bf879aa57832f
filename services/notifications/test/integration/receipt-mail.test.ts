import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { billingStream, catalogStream, identityStream, tenancyStream } from '@app/contracts';
import { eventually } from '@app/test-support/eventually';
import { withConsumers } from '@app/test-support/nats';
import { startedForFile } from '@app/test-support/started-for-file';
import { appLinks } from '../../src/integration/app-links.js';
import { startNotificationsConsumers } from '../../src/integration/start-notifications-consumers.js';
import { emailSendsCounter } from '../../src/outbox/email-metrics.js';
import { createSmtpMailer } from '../../src/outbox/mailer.js';
import { wireEmailSender } from '../../src/wire.js';
import { silentLogger, startNotificationsStorage } from '../support/notifications-harness.js';
import { decodedMail } from '../support/mail-text.js';
import { startSmtpInbox } from '../support/smtp-inbox.js';

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
    { MAIL_FROM: 'FinTech Platform <no-reply@app.example>', SEND_MAX_ATTEMPTS: 3, SEND_RETRY_BASE_MS: 100 },
    { pool: storage.pool, mailer, logger: silentLogger, sends },
  );

const mailsTo = (email: string) => inbox.mails.filter((mail) => mail.to.includes(email));

async function aBuyer(preferences?: { email: boolean }) {
  const userId = randomUUID();
  const email = `buyer-${userId}@example.test`;
  await storage.nats.publish('identity.user.registered.v1', {
    userId,
    email,
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'tenant',
    registeredVia: 'sign-up',
    registeredAt: new Date().toISOString(),
  });
  if (preferences) {
    await storage.nats.publish('identity.user.notification-preferences-changed.v1', {
      userId,
      preferences: { email: preferences.email, push: false, securityAlerts: true },
      changedAt: new Date().toISOString(),
    });
    // The switch was turned before the purchase: its stream and billing's are not ordered among themselves.
    await eventually(
      async () =>
        (await storage.pool.query('SELECT email_enabled FROM users WHERE user_id = $1', [userId])).rows[0],
      (row) => row?.email_enabled === preferences.email,
    );
  }
  return { userId, email };
}

async function aProduct() {
  const productId = randomUUID();
  await storage.nats.publish('catalog.product.created.v1', {
    productId,
    name: 'Analytics Pro',
    slug: `analytics-${productId}`,
    description: null,
    basePriceCents: 2_900,
    category: null,
    color: '#3B82F6',
    icon: 'BarChart3',
    features: [],
    isActive: true,
    createdAt: new Date().toISOString(),
  });
  await eventually(
    async () =>
      (await storage.pool.query('SELECT 1 FROM products WHERE product_id = $1', [productId])).rowCount,
    (count) => count === 1,
  );
  return productId;
}

function invoicePaid(userId: string, productId: string) {
  return {
    invoiceId: randomUUID(),
    number: `INV-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    userId,
    tenantId: null,
    subscriptionId: null,
    productId,
    amountCents: 2_900,
    currency: 'usd',
    periodStart: '2026-11-27T10:00:00.000Z',
    periodEnd: '2026-12-27T10:00:00.000Z',
    paidAt: '2026-11-27T10:00:00.000Z',
  };
}

async function sendRows(userId: string) {
  const { rows } = await storage.pool.query<{ status: string; attempts: number; last_error: string | null }>(
    'SELECT status, attempts, last_error FROM email_sends WHERE recipient_id = $1',
    [userId],
  );
  return rows;
}

describe('the receipt for a paid invoice', () => {
  it('goes to the buyer over SMTP with the number, amount, product, period and links', async () => {
    const { userId, email } = await aBuyer();
    const productId = await aProduct();
    const paid = invoicePaid(userId, productId);
    await storage.nats.publish('billing.invoice.paid.v1', paid);

    await eventually(
      () => sendRows(userId),
      (rows) => rows.length === 1,
    );
    await sender().sendDue();

    const [mail] = mailsTo(email);
    expect(mail?.to).toEqual([email]);
    const text = decodedMail(mail!);
    expect(text).toContain(`Subject: Receipt for ${paid.number}: $29.00 paid`);
    expect(text).toContain('From: FinTech Platform <no-reply@app.example>');
    expect(text).toContain('Content-Type: text/plain');
    expect(text).toContain('Content-Type: text/html');
    expect(text).toContain('Analytics Pro');
    expect(text).toContain('Period: Nov 27, 2026 – Dec 27, 2026');
    expect(text).toContain(`https://app.example/billing/invoices/${paid.invoiceId}`);
    expect(text).toContain(`https://app.example/api/invoices/${paid.invoiceId}/pdf`);
    expect(await sendRows(userId)).toEqual([{ status: 'sent', attempts: 1, last_error: null }]);
  });

  it('is sent once when the event is delivered again', async () => {
    const { userId, email } = await aBuyer();
    const productId = await aProduct();
    const published = await storage.nats.publish('billing.invoice.paid.v1', invoicePaid(userId, productId));
    await storage.nats.republish(published);

    await eventually(
      () => sendRows(userId),
      (rows) => rows.length === 1,
    );
    await storage.nats.republish(published);
    await sender().sendDue();
    await sender().sendDue();

    expect(mailsTo(email)).toHaveLength(1);
    expect(await sendRows(userId)).toHaveLength(1);
  });

  it('is not sent to a buyer who turned Email Notifications off', async () => {
    const { userId, email } = await aBuyer({ email: false });
    const productId = await aProduct();
    await storage.nats.publish('billing.invoice.paid.v1', invoicePaid(userId, productId));
    // A later receipt to a buyer who left it on shows the first message was handled, not still in flight.
    const other = await aBuyer();
    await storage.nats.publish('billing.invoice.paid.v1', invoicePaid(other.userId, productId));
    await eventually(
      () => sendRows(other.userId),
      (rows) => rows.length === 1,
    );
    await sender().sendDue();

    expect(await sendRows(userId)).toEqual([]);
    expect(mailsTo(email)).toEqual([]);
    expect(mailsTo(other.email)).toHaveLength(1);
  });

  it('is tried again after the SMTP server refuses it, and counted', async () => {
    const { userId, email } = await aBuyer();
    const productId = await aProduct();
    await storage.nats.publish('billing.invoice.paid.v1', invoicePaid(userId, productId));
    await eventually(
      () => sendRows(userId),
      (rows) => rows.length === 1,
    );

    inbox.refuseNext(1);
    await sender().sendDue();
    const [failed] = await sendRows(userId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.last_error).toContain('451');
    expect(mailsTo(email)).toEqual([]);

    // The retry base is 100 ms in this test.
    await eventually(
      async () => (await sender().sendDue(), sendRows(userId)),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(mailsTo(email)).toHaveLength(1);
    expect(await sendRows(userId)).toEqual([{ status: 'sent', attempts: 2, last_error: null }]);
    const counted = (await sends.get()).values.map(({ labels, value }) => [labels.outcome, value]);
    expect(counted).toContainEqual(['retried', 1]);
  });

  it('is marked failed when every try is refused', async () => {
    const { userId, email } = await aBuyer();
    const productId = await aProduct();
    await storage.nats.publish('billing.invoice.paid.v1', invoicePaid(userId, productId));
    await eventually(
      () => sendRows(userId),
      (rows) => rows.length === 1,
    );

    inbox.refuseNext(3);
    await eventually(
      async () => (await sender().sendDue(), sendRows(userId)),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(await sendRows(userId)).toMatchObject([{ status: 'failed', attempts: 3 }]);
    expect(mailsTo(email)).toEqual([]);
  });
});
