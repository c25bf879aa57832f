import { describe, expect, it } from 'vitest';
import { eventually } from '@app/test-support/eventually';
import { startMailHarness } from '../support/mail-harness.js';
import { mailWorld } from '../support/mail-world.js';

const { storage, sender, mailsTo } = await startMailHarness();
const world = mailWorld(storage);

function statusChanged(
  subscription: { subscriptionId: string; tenantId: string; productId: string },
  change: { previousStatus: string; status: string; reason?: string },
) {
  return { ...subscription, ...change, changedAt: '2026-12-02T10:00:00.000Z' };
}

/** Waits until `userId` has `count` sends queued, then runs the sender. */
async function sendQueued(userId: string, count: number) {
  await eventually(
    () => world.sendsTo(userId),
    (rows) => rows.length === count,
  );
  await sender().sendDue();
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

  it('is sent once when the event is delivered again', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    const published = await storage.nats.publish(
      'tenancy.subscription.status-changed.v1',
      statusChanged(subscription, { previousStatus: 'active', status: 'suspended' }),
    );
    await storage.nats.republish(published);

    await sendQueued(owner.userId, 1);
    await storage.nats.republish(published);
    await sender().sendDue();

    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(await world.sendsTo(owner.userId)).toHaveLength(1);
  });

  it('is not sent to an owner who turned Email Notifications off', async () => {
    const owner = await world.aUser({ email: false });
    const subscription = await world.aSubscription(owner, await world.aProduct());
    await storage.nats.publish(
      'tenancy.subscription.status-changed.v1',
      statusChanged(subscription, { previousStatus: 'active', status: 'suspended' }),
    );
    // A later suspension for an owner who left it on shows the first was handled, not still in flight.
    const other = await world.aUser();
    const others = await world.aSubscription(other, await world.aProduct());
    await storage.nats.publish(
      'tenancy.subscription.status-changed.v1',
      statusChanged(others, { previousStatus: 'active', status: 'suspended' }),
    );
    await sendQueued(other.userId, 1);

    expect(await world.sendsTo(owner.userId)).toEqual([]);
    expect(mailsTo(owner.email)).toEqual([]);
  });

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
