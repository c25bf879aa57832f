import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { billingStream, catalogStream, identityStream, type IntegrationEnvelope } from '@app/contracts';
import { connectNats, ensureStream } from '@app/eventing';
import { uniquePrefix } from '@app/test-support';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readTenant } from '../../src/application/tenant-stream.js';
import { wireTenantCommands } from '../../src/application/wire-tenant-commands.js';
import { tenancySchema } from '../../src/config.js';
import { onboardingTenantId } from '../../src/integration/consumers/onboarding.js';
import { startTenancyConsumers } from '../../src/integration/consumers/start-tenancy-consumers.js';
import {
  silentLogger,
  startSubscriptionHarness,
  testKeyRing,
  type SubscriptionHarness,
} from '../subscriptions/support.js';

let h: SubscriptionHarness;
let nc: NatsConnection;
let jsm: JetStreamManager;
let consumers: { stop(): Promise<void> };
const prefix = uniquePrefix();

beforeAll(async () => {
  h = await startSubscriptionHarness();
  nc = await connectNats({ url: inject('natsUrl'), name: 'tenancy-consumers-test' });
  jsm = await jetstreamManager(nc);
  for (const stream of [catalogStream, identityStream, billingStream]) {
    await ensureStream(jsm, {
      name: `${prefix}_${stream.name}`,
      subjects: stream.subjects.map((subject) => `${prefix}.${subject}`),
    });
  }
  const tenants = wireTenantCommands(h.eventStore, h.pool, testKeyRing, () => new Date());
  consumers = await startTenancyConsumers({
    nats: nc,
    pool: h.pool,
    schema: tenancySchema,
    prefix,
    createTenant: tenants.createTenant,
    subscriptions: h.commands,
    projections: h.projections,
    logger: { ...silentLogger, warn: console.warn, error: console.error },
  });
});
afterAll(async () => {
  await consumers?.stop();
  for (const stream of [catalogStream, identityStream, billingStream]) {
    await jsm?.streams.delete(`${prefix}_${stream.name}`).catch(() => undefined);
  }
  await nc?.drain();
  await h?.close();
});

/** As the relays publish: subject = prefix + type, Nats-Msg-Id = the envelope id. */
async function publish(
  type: string,
  data: Record<string, unknown>,
  id = uuidv7(),
): Promise<IntegrationEnvelope> {
  const envelope = { id, type, occurredAt: new Date().toISOString(), data };
  await jetstream(nc).publish(`${prefix}.${type}`, JSON.stringify(envelope), { msgID: `${id}-${uuidv7()}` });
  return envelope;
}

async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const product = async (productId: string) =>
  (
    await h.pool.query(
      'SELECT name, base_price_cents, color, is_active, deleted FROM products WHERE product_id = $1',
      [productId],
    )
  ).rows[0] as Record<string, unknown> | undefined;

const details = (productId: string, name: string) => ({
  productId,
  name,
  slug: `p-${productId}`,
  description: null,
  basePriceCents: 4_900,
  category: null,
  color: '#112233',
  icon: 'Link',
  features: [],
});

const registered = (userId: string, overrides: Record<string, unknown> = {}) => ({
  userId,
  email: `u-${userId}@example.test`,
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'tenant',
  registeredVia: 'sign-up',
  registeredAt: new Date().toISOString(),
  ...overrides,
});

describe('catalogue products copy', () => {
  it('follows create, rename, deactivation and deletion, keeping a deleted product’s last name', async () => {
    const productId = uuidv7();
    const at = new Date().toISOString();
    await publish('catalog.product.created.v1', {
      ...details(productId, 'Ledger'),
      isActive: true,
      createdAt: at,
    });
    await publish('catalog.product.updated.v1', { ...details(productId, 'Ledger Pro'), updatedAt: at });
    await publish('catalog.product.deactivated.v1', { productId, changedAt: at });
    const renamed = await eventually(
      () => product(productId),
      (row) => row?.is_active === false,
    );
    expect(renamed).toEqual({
      name: 'Ledger Pro',
      base_price_cents: '4900',
      color: '#112233',
      is_active: false,
      deleted: false,
    });
    await publish('catalog.product.activated.v1', { productId, changedAt: at });
    await publish('catalog.product.deleted.v1', { productId, name: 'Ledger Pro', slug: 'x', deletedAt: at });
    const deleted = await eventually(
      () => product(productId),
      (row) => row?.deleted === true,
    );
    expect(deleted).toMatchObject({ name: 'Ledger Pro', is_active: false, deleted: true });
  });

  it('applies a redelivered message once', async () => {
    const productId = uuidv7();
    const at = new Date().toISOString();
    const created = await publish('catalog.product.created.v1', {
      ...details(productId, 'Once'),
      isActive: true,
      createdAt: at,
    });
    await publish('catalog.product.updated.v1', { ...details(productId, 'Renamed'), updatedAt: at });
    // The same event again (a relay replay): it must not undo the rename that came after it.
    await publish(created.type, created.data, created.id);
    const marker = uuidv7();
    await publish('catalog.product.created.v1', {
      ...details(marker, 'Marker'),
      isActive: true,
      createdAt: at,
    });
    await eventually(
      () => product(marker),
      (row) => row !== undefined,
    );
    expect(await product(productId)).toMatchObject({ name: 'Renamed' });
  });
});

describe('identity users', () => {
  const owner = async (userId: string) =>
    (await h.pool.query('SELECT email, first_name, last_name FROM owners WHERE user_id = $1', [userId]))
      .rows[0] as Record<string, unknown> | undefined;

  it('keeps owners up to date from registrations and profile updates', async () => {
    const userId = uuidv7();
    await publish('identity.user.registered.v1', registered(userId, { registeredVia: 'admin' }));
    await publish('identity.user.updated.v1', { userId, role: 'admin', changedAt: new Date().toISOString() });
    await publish('identity.user.updated.v1', {
      userId,
      profile: { email: 'new@example.test', firstName: 'Grace', lastName: null, profileImageUrl: null },
      changedAt: new Date().toISOString(),
    });
    const row = await eventually(
      () => owner(userId),
      (r) => r?.email === 'new@example.test',
    );
    expect(row).toEqual({ email: 'new@example.test', first_name: 'Grace', last_name: null });
  });

  it("creates a signed-up customer's tenant once, named after them and owned by them", async () => {
    const userId = uuidv7();
    await publish('identity.user.registered.v1', registered(userId));
    // A second message for the same registration (another event id): the derived tenant id makes it a no-op.
    await publish('identity.user.registered.v1', registered(userId));
    const tenantId = onboardingTenantId(userId);
    const tenant = await eventually(
      async () => (await h.pool.query('SELECT name, owner_id FROM tenants WHERE id = $1', [tenantId])).rows,
      (rows) => rows.length > 0,
    );
    expect(tenant).toEqual([{ name: "Ada Lovelace's organisation", owner_id: userId }]);
    const marker = uuidv7();
    await publish('identity.user.registered.v1', registered(marker));
    await eventually(
      async () =>
        (await h.pool.query('SELECT 1 FROM tenants WHERE id = $1', [onboardingTenantId(marker)])).rowCount,
      (count) => count === 1,
    );
    const { events } = await h.eventStore.readStream(`tenancy_tenant-${tenantId}`);
    expect(events.map((event) => event.type)).toEqual(['TenantCreated']);
  });

  it('gives a customer who signed up through single sign-on a tenant too', async () => {
    const userId = uuidv7();
    await publish('identity.user.registered.v1', registered(userId, { registeredVia: 'oidc' }));
    const rows = await eventually(
      async () =>
        (await h.pool.query('SELECT owner_id FROM tenants WHERE id = $1', [onboardingTenantId(userId)])).rows,
      (list) => list.length > 0,
    );
    expect(rows).toEqual([{ owner_id: userId }]);
  });

  it('names a nameless customer from the email and leaves admin-made and admin accounts alone', async () => {
    const nameless = uuidv7();
    const adminMade = uuidv7();
    const admin = uuidv7();
    await publish('identity.user.registered.v1', registered(adminMade, { registeredVia: 'admin' }));
    await publish('identity.user.registered.v1', registered(admin, { role: 'admin' }));
    await publish(
      'identity.user.registered.v1',
      registered(nameless, { firstName: null, lastName: null, email: 'jo.bloggs@example.test' }),
    );
    const tenantId = onboardingTenantId(nameless);
    const row = await eventually(
      async () =>
        (await h.pool.query('SELECT name FROM tenants WHERE id = $1', [tenantId])).rows[0] as
          { name: string } | undefined,
      (r) => r !== undefined,
    );
    expect(row).toEqual({ name: "jo.bloggs's organisation" });
    for (const userId of [adminMade, admin]) {
      expect((await readTenant(h.eventStore, onboardingTenantId(userId))).state.status).toBe('absent');
    }
  });
});

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
    await publish('identity.user.registered.v1', registered(userId));
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
    await publish('billing.checkout.completed.v1', completed);
    // A second delivery of the same checkout (a replay under another envelope id) starts nothing more.
    await publish('billing.checkout.completed.v1', completed);
    const invoice = paid(userId, productId, { amountCents: 12_000 });
    await publish('billing.invoice.paid.v1', invoice);
    await publish('billing.invoice.paid.v1', invoice);
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
    await publish('billing.invoice.paid.v1', renewal);
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
    const cancelledProduct = await h.addProduct();
    const suspendedProduct = await h.addProduct();
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
    await publish('billing.checkout.completed.v1', checkout(userId, cancelledProduct));
    await publish('billing.checkout.completed.v1', checkout(userId, suspendedProduct));
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
    await publish(
      'identity.user.registered.v1',
      registered(userId, { registeredVia: 'admin', firstName: 'Mo' }),
    );
    const productId = await h.addProduct({ isActive: false });
    await publish('billing.checkout.completed.v1', checkout(userId, productId));
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
    await publish('billing.checkout.completed.v1', checkout(userId, forSecond, { tenantId: second }));
    await publish('billing.checkout.completed.v1', checkout(userId, forForeign, { tenantId: foreign }));
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
    await publish('billing.invoice.overdue.v1', overdue);
    expect(await eventually(status, (value) => value === 'suspended')).toBe('suspended');
    await publish('billing.invoice.paid.v1', paid(userId, productId, { subscriptionId }));
    expect(await eventually(status, (value) => value === 'active')).toBe('active');
    expect(
      await eventually(
        () => totalSpentCents(tenantId),
        (cents) => cents === 9_900,
      ),
    ).toBe(9_900);
  });
});
