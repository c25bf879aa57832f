import { describe, expect, it } from 'vitest';
import { eventually } from '@app/test-support/eventually';
import { startMailHarness } from '../support/mail-harness.js';
import { mailWorld } from '../support/mail-world.js';

const { storage, sender, mailsTo } = await startMailHarness();
const world = mailWorld(storage);

function passwordSet(userId: string, reason: string, firstPassword: boolean) {
  return { userId, reason, firstPassword, setAt: '2026-12-02T10:00:00.000Z' };
}

/** A user who turned every switch off: a security notice goes all the same. */
async function aUserWithEverySwitchOff() {
  const user = await world.aUser();
  await storage.nats.publish('identity.user.notification-preferences-changed.v1', {
    userId: user.userId,
    preferences: { email: false, push: false, securityAlerts: false },
    changedAt: new Date().toISOString(),
  });
  await eventually(
    async () =>
      (
        await storage.pool.query('SELECT security_alerts_enabled FROM users WHERE user_id = $1', [
          user.userId,
        ])
      ).rows[0],
    (row) => row?.security_alerts_enabled === false,
  );
  return user;
}

async function sendQueued(userId: string, count: number) {
  await eventually(
    () => world.sendsTo(userId),
    (rows) => rows.length === count,
  );
  await sender().sendDue();
}

describe('the password-changed notice', () => {
  it('tells the user when and how, and what to do if it was not them, whatever the switches', async () => {
    const user = await aUserWithEverySwitchOff();
    await storage.nats.publish('identity.user.password-set.v1', passwordSet(user.userId, 'settings', false));

    await sendQueued(user.userId, 1);

    const [mail, ...others] = mailsTo(user.email);
    expect(others).toEqual([]);
    expect(mail).toContain(`To: ${user.email}`);
    expect(mail).toContain('Subject: Your password was changed');
    expect(mail).toContain('Hi Ada,');
    expect(mail).toContain(
      'was changed on Dec 2, 2026, 10:00 AM UTC, from Settings, by someone signed in to your account.',
    );
    expect(mail).toContain('If it was not you, someone else may be able to sign in as you.');
    expect(mail).toContain('ask for a new password-setup link');
    expect(await world.sendsTo(user.userId)).toEqual([{ message: 'password-changed', status: 'sent' }]);
  });

  it('says a reset went through a setup link', async () => {
    const user = await world.aUser();
    await storage.nats.publish(
      'identity.user.password-set.v1',
      passwordSet(user.userId, 'setup-link', false),
    );
    await sendQueued(user.userId, 1);
    expect(mailsTo(user.email)[0]).toContain('through a password-setup link an administrator issued');
  });

  it('is not sent for an account’s first password, and is for the change after it', async () => {
    const user = await world.aUser();
    await storage.nats.publish('identity.user.password-set.v1', passwordSet(user.userId, 'setup-link', true));
    // The change after it, on the same stream, shows the first was handled rather than still in flight.
    await storage.nats.publish('identity.user.password-set.v1', passwordSet(user.userId, 'settings', false));

    await sendQueued(user.userId, 1);

    expect(mailsTo(user.email)).toHaveLength(1);
    expect(await world.sendsTo(user.userId)).toEqual([{ message: 'password-changed', status: 'sent' }]);
  });

  it('is sent once when the event is delivered again', async () => {
    const user = await world.aUser();
    const published = await storage.nats.publish(
      'identity.user.password-set.v1',
      passwordSet(user.userId, 'settings', false),
    );
    await storage.nats.republish(published);
    await sendQueued(user.userId, 1);
    await storage.nats.republish(published);
    // A later event of the same stream shows the redelivery was handled.
    await storage.nats.publish('identity.user.password-set.v1', passwordSet(user.userId, 'settings', false));
    await sendQueued(user.userId, 2);

    expect(mailsTo(user.email)).toHaveLength(2);
  });

  it('is not sent to a deactivated account', async () => {
    const user = await world.aUser();
    await storage.nats.publish('identity.user.deactivated.v1', {
      userId: user.userId,
      deactivatedAt: new Date().toISOString(),
    });
    await storage.nats.publish('identity.user.password-set.v1', passwordSet(user.userId, 'admin', false));
    const other = await world.aUser();
    await storage.nats.publish('identity.user.password-set.v1', passwordSet(other.userId, 'admin', false));
    await sendQueued(other.userId, 1);

    expect(await world.sendsTo(user.userId)).toEqual([]);
    expect(mailsTo(other.email)[0]).toContain('by an administrator');
  });
});
