import type pg from 'pg';
import { tenancyIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';

/**
 * Tenancy's messages into watched_subscriptions and tenants (migrations/001): run by the integration consumer
 * in the transaction that records the message id, so a redelivery is a no-op. A message of a type or version
 * monitoring does not know is skipped; stream order keeps a subscription's messages in the order they happened.
 */
export async function applyTenancyMessage(envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> {
  const parsed = tenancyIntegrationEventSchema.safeParse(envelope);
  if (!parsed.success) return;
  const event = parsed.data;
  switch (event.type) {
    case 'tenancy.subscription.started.v1': {
      const { subscriptionId, tenantId, productId, status, startedAt } = event.data;
      await tx.query(
        `INSERT INTO watched_subscriptions (subscription_id, tenant_id, product_id, status, updated_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (subscription_id) DO UPDATE SET status = $4, updated_at = $5`,
        [subscriptionId, tenantId, productId, status, startedAt],
      );
      return;
    }
    case 'tenancy.subscription.status-changed.v1': {
      const { subscriptionId, tenantId, productId, status, changedAt } = event.data;
      await tx.query(
        `INSERT INTO watched_subscriptions (subscription_id, tenant_id, product_id, status, updated_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (subscription_id) DO UPDATE SET status = $4, updated_at = $5`,
        [subscriptionId, tenantId, productId, status, changedAt],
      );
      return;
    }
    case 'tenancy.subscription.endpoint-configured.v1': {
      const { subscriptionId, tenantId, productId, domainUrl, metricsApiKeyConfigured, configuredAt } =
        event.data;
      await tx.query(
        `INSERT INTO watched_subscriptions
           (subscription_id, tenant_id, product_id, domain_url, metrics_api_key_configured, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (subscription_id) DO UPDATE
           SET domain_url = $4, metrics_api_key_configured = $5, updated_at = $6`,
        [subscriptionId, tenantId, productId, domainUrl, metricsApiKeyConfigured, configuredAt],
      );
      return;
    }
    case 'tenancy.tenant.created.v1': {
      const { tenantId, name, createdAt } = event.data;
      await tx.query(
        `INSERT INTO tenants (tenant_id, name, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id) DO UPDATE SET name = $2, updated_at = $3`,
        [tenantId, name, createdAt],
      );
      return;
    }
    case 'tenancy.tenant.updated.v1': {
      const { tenantId, name, changedAt } = event.data;
      if (name === undefined) return;
      await tx.query(
        `INSERT INTO tenants (tenant_id, name, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id) DO UPDATE SET name = $2, updated_at = $3`,
        [tenantId, name, changedAt],
      );
      return;
    }
    // A pending cancellation or a plan change changes nothing monitoring watches: a status change does.
    case 'tenancy.subscription.cancellation-scheduled.v1':
    case 'tenancy.subscription.cancellation-withdrawn.v1':
    case 'tenancy.subscription.plan-changed.v1':
      return;
    default: {
      const exhausted: never = event;
      return exhausted;
    }
  }
}
