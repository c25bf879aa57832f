import type pg from 'pg';
import { tenancyIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';

/**
 * Tenancy's tenants and subscriptions into notifications' copy (migrations/001): a tenant's name and owner, to
 * whom a subscription's mail goes. Run in the transaction that records the message id.
 */
export async function applyTenancyMessage(envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> {
  const parsed = tenancyIntegrationEventSchema.safeParse(envelope);
  if (!parsed.success) return;
  const event = parsed.data;
  switch (event.type) {
    case 'tenancy.tenant.created.v1': {
      const { tenantId, name, ownerId, createdAt } = event.data;
      await tx.query(
        `INSERT INTO tenants (tenant_id, name, owner_id, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (tenant_id) DO UPDATE SET name = $2, owner_id = $3, updated_at = $4`,
        [tenantId, name, ownerId, createdAt],
      );
      return;
    }
    case 'tenancy.tenant.updated.v1': {
      const { tenantId, name, changedAt } = event.data;
      if (name === undefined) return;
      await tx.query(`UPDATE tenants SET name = $2, updated_at = $3 WHERE tenant_id = $1`, [
        tenantId,
        name,
        changedAt,
      ]);
      return;
    }
    case 'tenancy.subscription.started.v1': {
      const { subscriptionId, tenantId, productId, startedAt } = event.data;
      await tx.query(
        `INSERT INTO subscriptions (subscription_id, tenant_id, product_id, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (subscription_id) DO NOTHING`,
        [subscriptionId, tenantId, productId, startedAt],
      );
      return;
    }
    // Nothing to copy: the mail some of these call for is queued by tenancy-messages.ts.
    case 'tenancy.subscription.status-changed.v1':
    case 'tenancy.subscription.endpoint-configured.v1':
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
