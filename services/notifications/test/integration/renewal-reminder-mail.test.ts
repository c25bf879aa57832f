import { describe, expect, it } from 'vitest';
import { startMailHarness } from '../support/mail-harness.js';
import { itMailsTheOwnerOnceAndOnlyIfWanted } from '../support/owner-mail-rules.js';

const harness = await startMailHarness();
const { storage, mailsTo, world, sendQueued } = harness;

/** billing.subscription.renewal-upcoming.v1 for `subscription`, a bill on Mar 31 at 09:00. */
const upcoming = (
  subscription: { subscriptionId: string; tenantId: string; productId: string },
  bill: { kind: 'renewal' | 'trial-end'; cardOnFile: boolean },
) => ({
  ...subscription,
  ...bill,
  plan: 'enterprise',
  amountCents: 9_900,
  currency: 'usd',
  renewsAt: '2026-03-31T09:00:00.000Z',
  announcedAt: '2026-03-28T09:00:00.000Z',
});

describe('renewal reminder', () => {
  it('tells the tenant’s owner when it renews and what it charges to the card on file', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    await storage.nats.publish(
      'billing.subscription.renewal-upcoming.v1',
      upcoming(subscription, { kind: 'renewal', cardOnFile: true }),
    );

    await sendQueued(owner.userId, 1);

    const [mail, ...others] = mailsTo(owner.email);
    expect(others).toEqual([]);
    expect(mail).toContain(`To: ${owner.email}`);
    expect(mail).toContain('Subject: Your Analytics Pro subscription for Acme Corp renews on Mar 31, 2026');
    expect(mail).toContain(
      'Your Analytics Pro subscription for Acme Corp renews on Mar 31, 2026, 9:00 AM UTC. We will charge $99.00 to the card on file for another month on the Enterprise plan.',
    );
    expect(mail).toContain('https://app.example/billing');
    expect(await world.sendsTo(owner.userId)).toEqual([{ message: 'renewal-reminder', status: 'sent' }]);
  });

  itMailsTheOwnerOnceAndOnlyIfWanted(harness, [
    {
      message: 'renewal-reminder',
      subject: 'billing.subscription.renewal-upcoming.v1',
      data: (subscription) => upcoming(subscription, { kind: 'renewal', cardOnFile: true }),
    },
    {
      message: 'trial-ending',
      subject: 'billing.subscription.renewal-upcoming.v1',
      data: (subscription) => upcoming(subscription, { kind: 'trial-end', cardOnFile: false }),
    },
  ]);
});

describe('trial-ending notice', () => {
  it('says when the trial ends and what will be charged then to the card on file', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    await storage.nats.publish(
      'billing.subscription.renewal-upcoming.v1',
      upcoming(subscription, { kind: 'trial-end', cardOnFile: true }),
    );

    await sendQueued(owner.userId, 1);

    const [mail] = mailsTo(owner.email);
    expect(mail).toContain('Subject: Your Analytics Pro trial for Acme Corp ends on Mar 31, 2026');
    expect(mail).toContain('Your Analytics Pro trial for Acme Corp ends on Mar 31, 2026, 9:00 AM UTC.');
    expect(mail).toContain(
      'Then we will charge $99.00 a month on the Enterprise plan to the card on file, the first time on Mar 31, 2026.',
    );
    expect(await world.sendsTo(owner.userId)).toEqual([{ message: 'trial-ending', status: 'sent' }]);
  });

  it('asks for a card when none is on file', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    await storage.nats.publish(
      'billing.subscription.renewal-upcoming.v1',
      upcoming(subscription, { kind: 'trial-end', cardOnFile: false }),
    );

    await sendQueued(owner.userId, 1);

    const [mail] = mailsTo(owner.email);
    expect(mail).toContain(
      'It then costs $99.00 a month on the Enterprise plan, but no card is on file yet: add one on the Billing page before then, so the first bill can be paid.',
    );
    expect(mail).toContain('Add card');
    expect(mail).not.toContain('to the card on file');
  });
});
