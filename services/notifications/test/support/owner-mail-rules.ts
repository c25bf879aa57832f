import { expect, it } from 'vitest';
import type { startMailHarness } from './mail-harness.js';

type MailHarness = Awaited<ReturnType<typeof startMailHarness>>;
type Owner = Awaited<ReturnType<MailHarness['world']['aUser']>>;
type Subscription = Awaited<ReturnType<MailHarness['world']['aSubscription']>>;

/** A message to a tenant's owner and the event that calls for it. */
export interface OwnerMail {
  message: string;
  subject: string;
  data: (subscription: Subscription, owner: Owner) => Record<string, unknown>;
}

/**
 * The two rules every message to a tenant's owner keeps, one test each per message: an event delivered again
 * (JetStream redelivers, a consumer restarts) is mailed once, and an owner who turned Email Notifications off
 * gets nothing.
 */
export function itMailsTheOwnerOnceAndOnlyIfWanted(harness: MailHarness, mails: readonly OwnerMail[]): void {
  const { storage, world, sender, sendQueued, mailsTo } = harness;
  const cases = mails.map((mail) => [mail.message, mail] as const);

  it.each(cases)('%s is sent once when its event is delivered again', async (message, mail) => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    const published = await storage.nats.publish(mail.subject, mail.data(subscription, owner));
    await storage.nats.republish(published);

    await sendQueued(owner.userId, 1);
    await storage.nats.republish(published);
    await sender().sendDue();

    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(await world.sendsTo(owner.userId)).toEqual([{ message, status: 'sent' }]);
  });

  it.each(cases)('%s is not sent to an owner who turned Email Notifications off', async (_message, mail) => {
    const owner = await world.aUser({ email: false });
    const subscription = await world.aSubscription(owner, await world.aProduct());
    await storage.nats.publish(mail.subject, mail.data(subscription, owner));
    // The same event for an owner who left it on shows the first was handled, not still in flight.
    const other = await world.aUser();
    const theirs = await world.aSubscription(other, await world.aProduct());
    await storage.nats.publish(mail.subject, mail.data(theirs, other));
    await sendQueued(other.userId, 1);

    expect(await world.sendsTo(owner.userId)).toEqual([]);
    expect(mailsTo(owner.email)).toEqual([]);
  });
}
