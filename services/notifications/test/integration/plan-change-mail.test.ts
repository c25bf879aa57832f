import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startMailHarness } from '../support/mail-harness.js';
import { itMailsTheOwnerOnceAndOnlyIfWanted } from '../support/owner-mail-rules.js';

const harness = await startMailHarness();
const { storage, mailsTo, world, sendQueued } = harness;

const upgrade = (subscription: { subscriptionId: string; tenantId: string; productId: string }) => ({
  ...subscription,
  kind: 'upgrade',
  fromPlan: 'professional',
  plan: 'enterprise',
  previousAmountCents: 2_900,
  amountCents: 9_900,
  prorationCents: 5_645,
  invoiceId: randomUUID(),
  changedAt: '2026-12-12T10:00:00.000Z',
});

const downgrade = (subscription: { subscriptionId: string; tenantId: string; productId: string }) => ({
  ...subscription,
  kind: 'downgrade',
  fromPlan: 'enterprise',
  plan: 'basic',
  previousAmountCents: 9_900,
  amountCents: 900,
  prorationCents: 0,
  invoiceId: null,
  changedAt: '2026-12-27T10:00:00.000Z',
});

describe('plan changed', () => {
  it('an upgrade tells the tenant’s owner what was charged, on which invoice, and the new monthly price', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    const change = upgrade(subscription);
    await storage.nats.publish('billing.subscription.plan-changed.v1', change);

    await sendQueued(owner.userId, 1);

    const [mail, ...others] = mailsTo(owner.email);
    expect(others).toEqual([]);
    expect(mail).toContain(`To: ${owner.email}`);
    expect(mail).toContain('Subject: Your Analytics Pro subscription for Acme Corp is now on Enterprise');
    expect(mail).toContain(
      'Your Analytics Pro subscription for Acme Corp changed from Professional to Enterprise on Dec 12, 2026, 10:00 AM UTC.',
    );
    expect(mail).toContain(
      'We charged $56.45 for the rest of the current billing period, and from the next renewal it bills $99.00/month (it was $29.00/month).',
    );
    expect(mail).toContain(`https://app.example/billing/invoices/${change.invoiceId}`);
    expect(await world.sendsTo(owner.userId)).toEqual([{ message: 'plan-changed', status: 'sent' }]);
  });

  it('a downgrade gives the price its renewal bills', async () => {
    const owner = await world.aUser();
    const subscription = await world.aSubscription(owner, await world.aProduct());
    await storage.nats.publish('billing.subscription.plan-changed.v1', downgrade(subscription));

    await sendQueued(owner.userId, 1);

    const [mail] = mailsTo(owner.email);
    expect(mail).toContain('Subject: Your Analytics Pro subscription for Acme Corp is now on Basic');
    expect(mail).toContain('changed from Enterprise to Basic at its renewal on Dec 27, 2026, 10:00 AM UTC.');
    expect(mail).toContain('This renewal and each after it bill $9.00/month (it was $99.00/month).');
    expect(mail).not.toContain('/billing/invoices/');
  });

  itMailsTheOwnerOnceAndOnlyIfWanted(harness, [
    { message: 'plan-changed', subject: 'billing.subscription.plan-changed.v1', data: upgrade },
  ]);

  it('waits for a tenant tenancy has not published yet', async () => {
    const owner = await world.aUser();
    const productId = await world.aProduct();
    const early = { subscriptionId: randomUUID(), tenantId: randomUUID(), productId };
    await storage.nats.publish('billing.subscription.plan-changed.v1', upgrade(early));
    await storage.nats.publish('tenancy.tenant.created.v1', {
      tenantId: early.tenantId,
      name: 'Late Corp',
      slug: `late-${early.tenantId}`,
      ownerId: owner.userId,
      status: 'active',
      domainUrl: null,
      createdAt: new Date().toISOString(),
    });

    await sendQueued(owner.userId, 1);

    expect(mailsTo(owner.email)[0]).toContain('subscription for Late Corp is now on Enterprise');
  });
});
