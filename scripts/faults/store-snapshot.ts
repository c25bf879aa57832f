import type pg from 'pg';

/**
 * Everything the write checks compare, read from the platform's database in one go: the event store's rows of
 * the aggregates the load writes, each owner's read model and every consumer's copy (found in each service's
 * src/integration/ and projections/).
 */
export interface StoredEvent {
  stream: string;
  type: string;
  data: Record<string, unknown>;
}

export interface StoreSnapshot {
  events: StoredEvent[];
  catalogProducts: Array<{ id: string; slug: string; name: string }>;
  tenancyProducts: Array<{ id: string; name: string }>;
  billingProducts: Array<{ id: string; name: string }>;
  identityUsers: Array<{ id: string; email: string; firstName: string | null }>;
  tenancyOwners: Array<{ id: string; firstName: string | null }>;
  tenancyTenants: Array<{ id: string; name: string }>;
  billingTenants: Array<{ id: string }>;
  monitoringTenants: Array<{ id: string; name: string }>;
  billingPayments: Array<{ id: string; providerPaymentId: string; status: string }>;
  billingInvoices: Array<{ id: string; paymentId: string | null; status: string }>;
  tenancyPaidInvoices: Array<{ invoiceId: string; tenantId: string }>;
  tenancySubscriptions: Array<{ tenantId: string; productId: string; status: string }>;
  identityBillingCustomers: Array<{ userId: string }>;
}

const categories = [
  'catalog_product',
  'identity_user',
  'tenancy_tenant',
  'billing_payment',
  'billing_invoice',
];

export async function readStoreSnapshot(pool: pg.Pool): Promise<StoreSnapshot> {
  const rows = async <T>(sql: string, values: unknown[] = []) => (await pool.query(sql, values)).rows as T[];
  return {
    events: await rows(
      'SELECT stream_name AS stream, type, data FROM eventstore.events WHERE category = ANY($1)',
      [categories],
    ),
    catalogProducts: await rows('SELECT id, slug, name FROM catalog.products'),
    tenancyProducts: await rows('SELECT product_id AS id, name FROM tenancy.products'),
    billingProducts: await rows('SELECT product_id AS id, name FROM billing.products'),
    identityUsers: await rows('SELECT id, email, first_name AS "firstName" FROM identity.users'),
    tenancyOwners: await rows('SELECT user_id AS id, first_name AS "firstName" FROM tenancy.owners'),
    tenancyTenants: await rows('SELECT id, name FROM tenancy.tenants'),
    billingTenants: await rows('SELECT tenant_id AS id FROM billing.tenants'),
    monitoringTenants: await rows('SELECT tenant_id AS id, name FROM monitoring.tenants'),
    billingPayments: await rows(
      'SELECT id, provider_payment_id AS "providerPaymentId", status FROM billing.payments',
    ),
    billingInvoices: await rows('SELECT id, payment_id AS "paymentId", status FROM billing.invoices'),
    tenancyPaidInvoices: await rows(
      'SELECT invoice_id AS "invoiceId", tenant_id AS "tenantId" FROM tenancy.paid_invoices',
    ),
    tenancySubscriptions: await rows(
      'SELECT tenant_id AS "tenantId", product_id AS "productId", status FROM tenancy.subscriptions',
    ),
    identityBillingCustomers: await rows('SELECT user_id AS "userId" FROM identity.billing_customers'),
  };
}
