import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { eventually } from '@app/test-support/eventually';
import { onboardingTenantId } from '../../src/integration/consumers/onboarding.js';
import { registered, useTenancyConsumers } from './consumers-fixture.js';

const h = useTenancyConsumers();

describe('billing', () => {
  const checkout = (userId: string, productId: string, overrides: Record<string, unknown> = {}) => ({
    paymentId: uuidv7(),
    userId,
    tenantId: null,
    productId,
    plan: 'professional',
    amountCents: 9_900,
    currency: 'usd',
    completedAt: new Date().toISOString(),
    ...overrides,
  });
  const paid = (userId: string, productId: string, overrides: Record<string, unknown> = {}) => ({
    invoiceId: uuidv7(),
    number: `INV-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    userId,
    tenantId: null,
    subscriptionId: null,
    productId,
    amountCents: 9_900,
    currency: 'usd',
    paidAt: new Date().toISOString(),
    ...overrides,
  });
  const subscriptionsOf = async (tenantId: string) =>
    (
      await h.pool.query(
        `SELECT id, product_id, plan, status, amount_cents FROM subscriptions WHERE tenant_id = $1
         ORDER BY created_at`,
        [tenantId],
      )
    ).rows as { id: string; product_id: string; plan: string; status: string; amount_cents: string }[];
  const totalSpentCents = async (tenantId: string) =>
    Number(
      (await h.pool.query('SELECT total_spent_cents FROM tenants WHERE id = $1', [tenantId])).rows[0]
        ?.total_spent_cents,
    );
  async function signedUpCustomer(): Promise<{ userId: string; tenantId: string }> {
    const userId = uuidv7();
    await h.nats.publish('identity.user.registered.v1', registered(userId));
    const tenantId = onboardingTenantId(userId);
    await eventually(
      async () => (await h.pool.query('SELECT 1 FROM tenants WHERE id = $1', [tenantId])).rowCount,
      (count) => count === 1,
    );
    return { userId, tenantId };
  }

  it('starts the paid subscription at the amount paid and counts each paid invoice once', async () => {
    const { userId, tenantId } = await signedUpCustomer();
    const productId = await h.addProduct({ basePriceCents: 12_950 });
    const completed = checkout(userId, productId, { amountCents: 12_000 });
    await h.nats.publish('billing.checkout.completed.v1', completed);
    // A second delivery of the same checkout (a replay under another envelope id) starts nothing more.
    await h.nats.publish('billing.checkout.completed.v1', completed);
    const invoice = paid(userId, productId, { amountCents: 12_000 });
    await h.nats.publish('billing.invoice.paid.v1', invoice);
    await h.nats.publish('billing.invoice.paid.v1', invoice);
    const started = await eventually(
      () => subscriptionsOf(tenantId),
      (rows) => rows.length > 0,
    );
    expect(started).toEqual([
      expect.objectContaining({
        product_id: productId,
        plan: 'professional',
        status: 'active',
        amount_cents: '12000',
      }),
    ]);
    expect(
      await eventually(
        () => totalSpentCents(tenantId),
        (cents) => cents === 12_000,
      ),
    ).toBe(12_000);

    const renewal = paid(userId, productId, { amountCents: 12_000, subscriptionId: started[0]?.id });
    await h.nats.publish('billing.invoice.paid.v1', renewal);
    expect(
      await eventually(
        () => totalSpentCents(tenantId),
        (cents) => cents === 24_000,
      ),
    ).toBe(24_000);
    expect(await subscriptionsOf(tenantId)).toHaveLength(1);
  });

  it('makes a cancelled or suspended subscription active again instead of starting another', async () => {
    const { userId, tenantId } = await signedUpCustomer();
    const cancelledProduct = await h.addProduct({ basicPriceCents: 4_900 });
    const suspendedProduct = await h.addProduct({ basicPriceCents: 4_900 });
    const options = { metadata: { actorId: 'test' } };
    const cancelled = await h.commands.start(
      tenantId,
      { productId: cancelledProduct, plan: 'basic', status: 'active' },
      options,
    );
    await h.commands.changeStatus(cancelled.subscriptionId, 'cancelled', options);
    const suspended = await h.commands.start(
      tenantId,
      { productId: suspendedProduct, plan: 'basic', status: 'suspended' },
      options,
    );
    // Commands answer once stored; the consumer looks the subscriptions up in the read model.
    if (suspended.position) await h.projections.waitFor(suspended.position, 5_000);
    await h.nats.publish('billing.checkout.completed.v1', checkout(userId, cancelledProduct));
    await h.nats.publish('billing.checkout.completed.v1', checkout(userId, suspendedProduct));
    const rows = await eventually(
      () => subscriptionsOf(tenantId),
      (list) => list.every((row) => row.status === 'active'),
    );
    expect(rows.map((row) => [row.id, row.status])).toEqual([
      [cancelled.subscriptionId, 'active'],
      [suspended.subscriptionId, 'active'],
    ]);
  });

  it('gives a customer without a tenant their own, and honours a product deactivated after payment', async () => {
    const userId = uuidv7();
    await h.nats.publish(
      'identity.user.registered.v1',
      registered(userId, { registeredVia: 'admin', firstName: 'Mo' }),
    );
    const productId = await h.addProduct({ isActive: false });
    await h.nats.publish('billing.checkout.completed.v1', checkout(userId, productId));
    const tenantId = onboardingTenantId(userId);
    const rows = await eventually(
      () => subscriptionsOf(tenantId),
      (list) => list.length > 0,
    );
    expect(rows).toEqual([expect.objectContaining({ product_id: productId, status: 'active' })]);
    const tenant = (await h.pool.query('SELECT name, owner_id FROM tenants WHERE id = $1', [tenantId])).rows;
    expect(tenant).toEqual([{ name: "Mo Lovelace's organisation", owner_id: userId }]);
  });

  it('buys for the tenant billing names only when the customer owns it', async () => {
    const { userId, tenantId } = await signedUpCustomer();
    const second = await h.createTenant('Second Co', userId);
    const foreign = await h.createTenant('Not Theirs', uuidv7());
    const forSecond = await h.addProduct();
    const forForeign = await h.addProduct();
    await h.nats.publish('billing.checkout.completed.v1', checkout(userId, forSecond, { tenantId: second }));
    await h.nats.publish(
      'billing.checkout.completed.v1',
      checkout(userId, forForeign, { tenantId: foreign }),
    );
    await eventually(
      () => subscriptionsOf(tenantId),
      (list) => list.length > 0,
    );
    expect((await subscriptionsOf(second)).map((row) => row.product_id)).toEqual([forSecond]);
    expect((await subscriptionsOf(tenantId)).map((row) => row.product_id)).toEqual([forForeign]);
    expect(await subscriptionsOf(foreign)).toEqual([]);
  });

  it('suspends a subscription whose renewal is overdue and reactivates it when a renewal is paid', async () => {
    const { userId, tenantId } = await signedUpCustomer();
    const productId = await h.addProduct();
    const { subscriptionId } = await h.commands.start(
      tenantId,
      { productId, plan: 'professional', status: 'active' },
      { metadata: { actorId: 'test' } },
    );
    const status = async () =>
      (await h.pool.query('SELECT status FROM subscriptions WHERE id = $1', [subscriptionId])).rows[0]
        ?.status;
    const overdue = {
      invoiceId: uuidv7(),
      number: 'INV-000900',
      userId,
      tenantId,
      subscriptionId,
      productId,
      amountCents: 9_900,
      currency: 'usd',
      overdueAt: new Date().toISOString(),
    };
    await h.nats.publish('billing.invoice.overdue.v1', overdue);
    expect(await eventually(status, (value) => value === 'suspended')).toBe('suspended');
    await h.nats.publish('billing.invoice.paid.v1', paid(userId, productId, { subscriptionId }));
    expect(await eventually(status, (value) => value === 'active')).toBe('active');
    expect(
      await eventually(
        () => totalSpentCents(tenantId),
        (cents) => cents === 9_900,
      ),
    ).toBe(9_900);
  });

  it('cancels a subscription set to cancel when billing ends its term, and ignores the end once resumed', async () => {
    const { tenantId } = await signedUpCustomer();
    const options = { metadata: { actorId: 'test' } };
    const start = async () =>
      (
        await h.commands.start(
          tenantId,
          { productId: await h.addProduct(), plan: 'professional', status: 'active' },
          options,
        )
      ).subscriptionId;
    const status = async (subscriptionId: string) =>
      (await h.pool.query('SELECT status FROM subscriptions WHERE id = $1', [subscriptionId])).rows[0]
        ?.status;
    const termEnded = (subscriptionId: string) => ({
      subscriptionId,
      tenantId,
      productId: uuidv7(),
      endedAt: new Date().toISOString(),
    });

    const cancelling = await start();
    await h.commands.scheduleCancellation(cancelling, options);
    await h.nats.publish('billing.subscription.term-ended.v1', termEnded(cancelling));
    expect(
      await eventually(
        () => status(cancelling),
        (value) => value === 'cancelled',
      ),
    ).toBe('cancelled');

    const resumed = await start();
    await h.commands.scheduleCancellation(resumed, options);
    await h.commands.withdrawCancellation(resumed, options);
    await h.nats.publish('billing.subscription.term-ended.v1', termEnded(resumed));
    // A later message on the same consumer is handled only after this one: once it is, the end was ignored.
    const later = await start();
    await h.commands.scheduleCancellation(later, options);
    await h.nats.publish('billing.subscription.term-ended.v1', termEnded(later));
    expect(
      await eventually(
        () => status(later),
        (value) => value === 'cancelled',
      ),
    ).toBe('cancelled');
    expect(await status(resumed)).toBe('active');
  });
});
