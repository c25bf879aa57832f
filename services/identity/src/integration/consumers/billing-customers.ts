import type pg from 'pg';
import { billingCustomerCreatedV1, type IntegrationEnvelope } from '@app/contracts';

/**
 * billing.customer.created.v1 → billing_customers (migrations/107): the provider customer behind a user's
 * stripeCustomerId. A newer customer (billing switched provider) replaces an older one; a redelivered older
 * message does not bring it back.
 */
export async function recordBillingCustomer(envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> {
  const parsed = billingCustomerCreatedV1.safeParse(envelope);
  if (!parsed.success) return;
  const { userId, provider, providerCustomerId, createdAt } = parsed.data.data;
  await tx.query(
    `INSERT INTO billing_customers (user_id, provider, provider_customer_id, created_at)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET provider = $2, provider_customer_id = $3, created_at = $4
     WHERE billing_customers.created_at <= $4`,
    [userId, provider, providerCustomerId, createdAt],
  );
}
