import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startMailHarness } from '../support/mail-harness.js';
import { itMailsTheOwnerOnceAndOnlyIfWanted } from '../support/owner-mail-rules.js';

const harness = await startMailHarness();
const { storage, mailsTo, world, sendQueued } = harness;

/** billing.invoice.payment-failed.v1 for a renewal of `subscription`, declined at its second attempt. */
const declined = (
  subscription: { subscriptionId: string; tenantId: string; productId: string },
  owner: { userId: string },
  outcome: { dunning: 'retry-scheduled' | 'now-overdue' | 'already-overdue'; nextAttemptAt: string | null },
) => ({
  ...subscription,
  invoiceId: randomUUID(),
  number: 'INV-000123',
  userId: owner.userId,
  amountCents: 2_900,
  currency: 'usd',
  attempt: 2,
  code: 'card_declined',
  declineCode: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
  failedAt: '2026-03-01T10:00:00.000Z',
  ...outcome,
});

const retrying = { dunning: 'retry-scheduled', nextAttemptAt: '2026-03-03T10:00:00.000Z' } as const;

describe('payment failed on a renewal', () => {
  it('tells the tenant’s owner the amount, the issuer’s words, the next retry, and where to update the card', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    const failure = declined(subscription, owner, retrying);
    await storage.nats.publish('billing.invoice.payment-failed.v1', failure);

    await sendQueued(owner.userId, 1);

    const [mail, ...others] = mailsTo(owner.email);
    expect(others).toEqual([]);
    expect(mail).toContain(`To: ${owner.email}`);
    expect(mail).toContain(
      'Subject: Payment failed: $29.00 for your Analytics Pro subscription for Acme Corp',
    );
    expect(mail).toContain(
      'We could not collect the renewal payment of $29.00 for your Analytics Pro subscription for Acme Corp (invoice INV-000123) on Mar 1, 2026, 10:00 AM UTC.',
    );
    expect(mail).toContain("The card's issuer said: “Your card has insufficient funds.”");
    expect(mail).toContain('We will try the card on file again on Mar 3, 2026, 10:00 AM UTC.');
    expect(mail).toContain('Update card');
    expect(mail).toContain('https://app.example/billing');
    expect(mail).toContain(`https://app.example/billing/invoices/${failure.invoiceId}`);
    expect(await world.sendsTo(owner.userId)).toEqual([{ message: 'payment-failed', status: 'sent' }]);
  });

  it('says so when that was the last retry: the invoice is overdue, and Pay now', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    await storage.nats.publish(
      'billing.invoice.payment-failed.v1',
      declined(subscription, owner, { dunning: 'now-overdue', nextAttemptAt: null }),
    );

    await sendQueued(owner.userId, 1);

    const [mail] = mailsTo(owner.email);
    expect(mail).toContain(
      'Subject: Action needed: $29.00 for your Analytics Pro subscription for Acme Corp is overdue',
    );
    expect(mail).toContain(
      'That was the last retry, so the invoice is now overdue and the subscription is suspended until it is paid.',
    );
    expect(mail).toContain('Pay now');
    expect(mail).not.toContain('We will try the card on file again');
  });

  it('sends nothing for a decline of an invoice already overdue', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    await storage.nats.publish(
      'billing.invoice.payment-failed.v1',
      declined(subscription, owner, { dunning: 'already-overdue', nextAttemptAt: null }),
    );
    // A later decline on the same billing stream shows the first was handled, not still in flight.
    await storage.nats.publish('billing.invoice.payment-failed.v1', declined(subscription, owner, retrying));
    await sendQueued(owner.userId, 1);

    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(owner.email)[0]).toContain('We will try the card on file again');
  });

  itMailsTheOwnerOnceAndOnlyIfWanted(harness, [
    {
      message: 'payment-failed',
      subject: 'billing.invoice.payment-failed.v1',
      data: (subscription, owner) => declined(subscription, owner, retrying),
    },
  ]);
});
