import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { TestNats } from '@app/test-support/nats';
import { eventually } from '@app/test-support/eventually';

/**
 * The producers' side of a mail test: what identity, the catalogue and tenancy publish before an event calls for
 * mail, each awaited into notifications' copies (the streams are not ordered among themselves).
 */
export function mailWorld(storage: { nats: TestNats; pool: pg.Pool }) {
  // storage is read at each call, not here: the file's beforeAll fills it in.
  const copied = (table: string, column: string, id: string) =>
    eventually(
      async () => (await storage.pool.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [id])).rowCount,
      (count) => count === 1,
    );

  async function aUser(preferences?: { email: boolean }) {
    const userId = randomUUID();
    const email = `user-${userId}@example.test`;
    await storage.nats.publish('identity.user.registered.v1', {
      userId,
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'tenant',
      registeredVia: 'sign-up',
      registeredAt: new Date().toISOString(),
    });
    if (preferences) {
      await storage.nats.publish('identity.user.notification-preferences-changed.v1', {
        userId,
        preferences: { email: preferences.email, push: false, securityAlerts: true },
        changedAt: new Date().toISOString(),
      });
      await eventually(
        async () =>
          (await storage.pool.query('SELECT email_enabled FROM users WHERE user_id = $1', [userId])).rows[0],
        (row) => row?.email_enabled === preferences.email,
      );
    } else {
      await copied('users', 'user_id', userId);
    }
    return { userId, email };
  }

  async function aProduct(name = 'Analytics Pro') {
    const productId = randomUUID();
    await storage.nats.publish('catalog.product.created.v1', {
      productId,
      name,
      slug: `product-${productId}`,
      description: null,
      basePriceCents: 2_900,
      category: null,
      color: '#3B82F6',
      icon: 'BarChart3',
      features: [],
      isActive: true,
      createdAt: new Date().toISOString(),
    });
    await copied('products', 'product_id', productId);
    return productId;
  }

  /** An owner's tenant with one active subscription to a product. */
  async function aSubscription(owner: { userId: string } | null, productId: string) {
    const tenantId = randomUUID();
    const subscriptionId = randomUUID();
    await storage.nats.publish('tenancy.tenant.created.v1', {
      tenantId,
      name: 'Acme Corp',
      slug: `acme-${tenantId}`,
      ownerId: owner?.userId ?? null,
      status: 'active',
      domainUrl: null,
      createdAt: new Date().toISOString(),
    });
    await storage.nats.publish('tenancy.subscription.started.v1', {
      subscriptionId,
      tenantId,
      productId,
      plan: 'professional',
      status: 'active',
      amountCents: 2_900,
      startedAt: new Date().toISOString(),
    });
    await copied('subscriptions', 'subscription_id', subscriptionId);
    return { tenantId, subscriptionId, productId };
  }

  /** billing.invoice.paid.v1 for `period`, awaited into paid_periods. */
  async function aPaidInvoice(invoice: {
    userId: string;
    tenantId: string | null;
    subscriptionId: string | null;
    productId: string;
    periodStart: string;
    periodEnd: string;
  }) {
    const invoiceId = randomUUID();
    await storage.nats.publish('billing.invoice.paid.v1', {
      ...invoice,
      invoiceId,
      number: `INV-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
      amountCents: 2_900,
      currency: 'usd',
      paidAt: invoice.periodStart,
    });
    await copied('paid_periods', 'invoice_id', invoiceId);
    return invoiceId;
  }

  async function sendsTo(userId: string) {
    const { rows } = await storage.pool.query<{ message: string; status: string }>(
      'SELECT message, status FROM email_sends WHERE recipient_id = $1 ORDER BY created_at',
      [userId],
    );
    return rows;
  }

  return { aUser, aProduct, aSubscription, aPaidInvoice, sendsTo };
}
