import { describe, expect, it } from 'vitest';
import { startMailHarness } from '../support/mail-harness.js';
import { itMailsTheOwnerOnceAndOnlyIfWanted } from '../support/owner-mail-rules.js';

const harness = await startMailHarness();
const { storage, mailsTo, world, sendQueued } = harness;

function statusChanged(
  subscription: { subscriptionId: string; tenantId: string; productId: string },
  change: { previousStatus: string; status: string; reason?: string },
) {
  return { ...subscription, ...change, changedAt: '2026-12-02T10:00:00.000Z' };
}

describe('subscription suspended', () => {
  it('tells the tenant’s owner what happened, with Pay now on the Billing page', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    await storage.nats.publish(
      'tenancy.subscription.status-changed.v1',
      statusChanged(subscription, { previousStatus: 'active', status: 'suspended' }),
    );

    await sendQueued(owner.userId, 1);

    const [mail, ...others] = mailsTo(owner.email);
    expect(others).toEqual([]);
    expect(mail).toContain(`To: ${owner.email}`);
    expect(mail).toContain(
      'Subject: Action needed: your Analytics Pro subscription for Acme Corp is suspended',
    );
    expect(mail).toContain('Hi Ada,');
    expect(mail).toContain('the last retry failed, so it was suspended on Dec 2, 2026, 10:00 AM UTC');
    expect(mail).toContain('Pay now');
    expect(mail).toContain('https://app.example/billing');
    expect(await world.sendsTo(owner.userId)).toEqual([
      { message: 'subscription-suspended', status: 'sent' },
    ]);
  });

  itMailsTheOwnerOnceAndOnlyIfWanted(harness, [
    {
      message: 'subscription-suspended',
      subject: 'tenancy.subscription.status-changed.v1',
      data: (subscription) => statusChanged(subscription, { previousStatus: 'active', status: 'suspended' }),
    },
  ]);

  it('is not sent when the subscription becomes active again', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    await storage.nats.publish(
      'tenancy.subscription.status-changed.v1',
      statusChanged(subscription, { previousStatus: 'suspended', status: 'active' }),
    );
    await storage.nats.publish(
      'tenancy.subscription.status-changed.v1',
      statusChanged(subscription, { previousStatus: 'active', status: 'suspended' }),
    );

    await sendQueued(owner.userId, 1);
    expect(await world.sendsTo(owner.userId)).toEqual([
      { message: 'subscription-suspended', status: 'sent' },
    ]);
  });
});

describe('subscription cancelled', () => {
  it('tells the tenant’s owner, with the admin’s reason', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    await storage.nats.publish(
      'tenancy.subscription.status-changed.v1',
      statusChanged(subscription, {
        previousStatus: 'active',
        status: 'cancelled',
        reason: 'Duplicate of the Acme EU tenant',
      }),
    );

    await sendQueued(owner.userId, 1);

    const [mail] = mailsTo(owner.email);
    expect(mail).toContain(`To: ${owner.email}`);
    expect(mail).toContain('Subject: Your Analytics Pro subscription for Acme Corp is cancelled');
    expect(mail).toContain(
      'Your Analytics Pro subscription for Acme Corp was cancelled on Dec 2, 2026, 10:00 AM UTC. It will not renew',
    );
    expect(mail).toContain('Reason: Duplicate of the Acme EU tenant');
    expect(mail).toContain('https://app.example/billing');
  });

  it('says no reason when none was given', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    await storage.nats.publish(
      'tenancy.subscription.status-changed.v1',
      statusChanged(subscription, { previousStatus: 'active', status: 'cancelled' }),
    );

    await sendQueued(owner.userId, 1);

    const [mail] = mailsTo(owner.email);
    expect(mail).toContain('is cancelled');
    expect(mail).not.toContain('Reason:');
  });
});

describe('subscription set to cancel', () => {
  const scheduled = (subscription: { subscriptionId: string; tenantId: string; productId: string }) => ({
    ...subscription,
    scheduledAt: '2026-12-02T10:00:00.000Z',
  });
  // The paid invoices send their receipts too.
  const setToCancel = (email: string) => mailsTo(email).find((mail) => mail.includes('is set to cancel'));

  it('gives the date its paid period ends, from the renewal billing last published', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    await world.aPaidInvoice({
      userId: owner.userId,
      tenantId: subscription.tenantId,
      subscriptionId: subscription.subscriptionId,
      productId: subscription.productId,
      periodStart: '2026-11-27T10:00:00.000Z',
      periodEnd: '2026-12-27T10:00:00.000Z',
    });
    await storage.nats.publish('tenancy.subscription.cancellation-scheduled.v1', scheduled(subscription));

    await sendQueued(owner.userId, 2);

    const mail = setToCancel(owner.email);
    expect(mail).toContain(`To: ${owner.email}`);
    expect(mail).toContain('Subject: Your Analytics Pro subscription for Acme Corp is set to cancel');
    expect(mail).toContain('It stays active until it ends on Dec 27, 2026, and will not renew');
    expect(mail).toContain('Resume it on the Billing page');
    expect(mail).toContain('https://app.example/billing');
  });

  it('gives the date from the checkout’s invoice, which names only the buyer', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    await world.aPaidInvoice({
      userId: owner.userId,
      tenantId: null,
      subscriptionId: null,
      productId: subscription.productId,
      periodStart: '2026-11-20T08:00:00.000Z',
      periodEnd: '2026-12-20T08:00:00.000Z',
    });
    await storage.nats.publish('tenancy.subscription.cancellation-scheduled.v1', scheduled(subscription));

    await sendQueued(owner.userId, 2);

    expect(setToCancel(owner.email)).toContain('until it ends on Dec 20, 2026');
  });

  it('says the end of the current billing period when no paid invoice said when', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    // Another product's invoice, and one whose period ended before the cancellation, say nothing of this term.
    await world.aPaidInvoice({
      userId: owner.userId,
      tenantId: subscription.tenantId,
      subscriptionId: null,
      productId: await world.aProduct(),
      periodStart: '2026-11-27T10:00:00.000Z',
      periodEnd: '2026-12-27T10:00:00.000Z',
    });
    await world.aPaidInvoice({
      userId: owner.userId,
      tenantId: subscription.tenantId,
      subscriptionId: subscription.subscriptionId,
      productId: subscription.productId,
      periodStart: '2026-10-27T10:00:00.000Z',
      periodEnd: '2026-11-27T10:00:00.000Z',
    });
    await storage.nats.publish('tenancy.subscription.cancellation-scheduled.v1', scheduled(subscription));

    await sendQueued(owner.userId, 3);

    expect(setToCancel(owner.email)).toContain(
      'It stays active until it ends at the end of the current billing period',
    );
  });
});

describe('each subscription message', () => {
  itMailsTheOwnerOnceAndOnlyIfWanted(harness, [
    {
      message: 'subscription-cancelled',
      subject: 'tenancy.subscription.status-changed.v1',
      data: (subscription) => statusChanged(subscription, { previousStatus: 'active', status: 'cancelled' }),
    },
    {
      message: 'cancellation-scheduled',
      subject: 'tenancy.subscription.cancellation-scheduled.v1',
      data: (subscription) => ({ ...subscription, scheduledAt: '2026-12-02T10:00:00.000Z' }),
    },
  ]);
});
