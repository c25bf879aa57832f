import type pg from 'pg';
import { tenancySubscriptionStartedV1, type IntegrationEnvelope } from '@app/contracts';
import type { BillingStores } from '../../application/billing-stores.js';
import {
  assignInvoiceTenant,
  checkoutSubscriptionId,
  invoiceTenantsActor,
} from '../../application/invoice-tenants.js';
import { checkoutInvoiceId } from '../../application/settlement.js';
import { MessageNotReadyYet } from '@app/eventing';

/** Redelivered later: billing's copy of tenancy (another consumer of the same stream) has not the tenant yet. */
export class TenantNotKnownYet extends MessageNotReadyYet {}

export interface InvoiceTenantDeps {
  pool: pg.Pool;
  stores: Pick<BillingStores, 'invoices'>;
  now: () => Date;
}

/**
 * tenancy.subscription.started.v1 of a subscription a checkout started → that checkout's invoice takes the
 * subscription's tenant: the buyer's, which tenancy settled (found or made) after billing issued the invoice
 * without one. Which checkout started it is told by its id (checkoutSubscriptionId), among the tenant owner's
 * checkouts of the product; a subscription an admin or the seed started matches none. A reaction: the invoice's
 * tenant is set once, so a redelivery adds nothing, and an invoice its settlement has not issued yet is a
 * NotFoundError that has the message redelivered.
 */
export async function assignCheckoutInvoiceTenant(
  envelope: IntegrationEnvelope,
  deps: InvoiceTenantDeps,
): Promise<void> {
  const parsed = tenancySubscriptionStartedV1.safeParse(envelope);
  if (!parsed.success) return;
  const { subscriptionId, tenantId, productId } = parsed.data.data;
  const paymentId = await startingCheckout(deps.pool, { subscriptionId, tenantId, productId });
  if (paymentId === null) return;
  await assignInvoiceTenant(
    deps,
    { invoiceId: checkoutInvoiceId(paymentId), tenantId },
    {
      metadata: {
        correlationId: envelope.correlationId ?? envelope.id,
        causationId: envelope.id,
        actorId: invoiceTenantsActor,
      },
    },
  );
}

/** The checkout payment the subscription was started for, if one was. */
async function startingCheckout(
  db: pg.Pool,
  subscription: { subscriptionId: string; tenantId: string; productId: string },
): Promise<string | null> {
  const { rows: tenants } = await db.query<{ owner_id: string | null }>(
    'SELECT owner_id FROM tenants WHERE tenant_id = $1',
    [subscription.tenantId],
  );
  const tenant = tenants[0];
  if (tenant === undefined) throw new TenantNotKnownYet(`Tenant ${subscription.tenantId} not seen yet`);
  if (tenant.owner_id === null) return null;
  const { rows: payments } = await db.query<{ id: string }>(
    `SELECT id FROM payments WHERE user_id = $1 AND product_id = $2 AND kind = 'checkout'`,
    [tenant.owner_id, subscription.productId],
  );
  return (
    payments.find((payment) => checkoutSubscriptionId(payment.id) === subscription.subscriptionId)?.id ?? null
  );
}
