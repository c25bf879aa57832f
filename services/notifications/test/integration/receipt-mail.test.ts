import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventually } from '@app/test-support/eventually';
import { startMailHarness } from '../support/mail-harness.js';
import { mailWorld } from '../support/mail-world.js';

const { inbox, storage, sends, sender, mailsTo } = await startMailHarness();
const world = mailWorld(storage);
const aBuyer = (preferences?: { email: boolean }) => world.aUser(preferences);
const aProduct = () => world.aProduct('Analytics Pro');

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

    expect(inbox.mails.filter((mail) => mail.to.includes(email)).map((mail) => mail.to)).toEqual([[email]]);
    const [text] = mailsTo(email);
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
