import type pg from 'pg';
import { buyerTenantsOf } from '../projections/buyer-tenant.js';
import type { BillingStores } from './billing-stores.js';
import { assignInvoiceTenant, checkoutSubscriptionId, invoiceTenantsActor } from './invoice-tenants.js';

export interface FillSummary {
  /** Invoices the read model showed without a tenant. */
  checked: number;
  /** Those given one now. */
  assigned: number;
  /** Those whose tenant billing cannot tell yet (its copy of tenancy knows none for them): left as they are. */
  unknown: number;
}

/** Invoices read at a time, in id order, from below the smallest id. */
const batchSize = 500;
const beforeEveryId = '00000000-0000-0000-0000-000000000000';

interface UntenantedInvoice {
  id: string;
  user_id: string;
  subscription_id: string | null;
  payment_id: string | null;
}

/**
 * Gives every invoice without a tenant the one its purchase was for, where billing's copy of tenancy tells it
 * (docs/operations.md "Fill the tenants of old invoices"): a renewal's, its subscription's; a checkout's, the
 * tenant of the subscription tenancy started for it, else the buyer's (buyerTenantsOf), whose subscription the
 * checkout paid for again. Which invoices lack one comes from the read model, in id order; each assignment is one
 * command that keeps a tenant already set, so a second run, or one beside the consumer, adds nothing.
 */
export async function fillInvoiceTenants(deps: {
  pool: pg.Pool;
  stores: Pick<BillingStores, 'invoices'>;
  now: () => Date;
}): Promise<FillSummary> {
  const summary: FillSummary = { checked: 0, assigned: 0, unknown: 0 };
  const options = { metadata: { actorId: invoiceTenantsActor } };
  let invoices = await untenantedAfter(deps.pool, beforeEveryId);
  while (invoices.length > 0) {
    const tenants = await tenantsOf(deps.pool, invoices);
    for (const invoice of invoices) {
      summary.checked += 1;
      const tenantId = tenants.get(invoice.id);
      if (tenantId === undefined) summary.unknown += 1;
      else if (await assignInvoiceTenant(deps, { invoiceId: invoice.id, tenantId }, options))
        summary.assigned += 1;
    }
    invoices = await untenantedAfter(deps.pool, invoices.at(-1)?.id ?? beforeEveryId);
  }
  return summary;
}

async function untenantedAfter(db: pg.Pool, after: string): Promise<UntenantedInvoice[]> {
  const { rows } = await db.query<UntenantedInvoice>(
    `SELECT id, user_id, subscription_id, payment_id FROM invoices
     WHERE tenant_id IS NULL AND id > $1 ORDER BY id LIMIT $2`,
    [after, batchSize],
  );
  return rows;
}

/** Each invoice's tenant by id, for those billing can tell. */
async function tenantsOf(db: pg.Pool, invoices: readonly UntenantedInvoice[]): Promise<Map<string, string>> {
  const startedBy = (invoice: UntenantedInvoice) =>
    invoice.payment_id === null ? null : checkoutSubscriptionId(invoice.payment_id);
  const subscriptionIds = invoices.flatMap((invoice) =>
    [invoice.subscription_id, startedBy(invoice)].filter((id) => id !== null),
  );
  const { rows } = await db.query<{ subscription_id: string; tenant_id: string }>(
    'SELECT subscription_id, tenant_id FROM subscriptions WHERE subscription_id = ANY($1::uuid[])',
    [subscriptionIds],
  );
  const subscriptionTenants = new Map(rows.map((row) => [row.subscription_id, row.tenant_id]));
  const tenantOfSubscription = (id: string | null) => (id === null ? undefined : subscriptionTenants.get(id));
  const buyerTenants = await buyerTenantsOf(
    db,
    invoices.map((invoice) => invoice.user_id),
  );
  const found = invoices.flatMap((invoice): Array<[string, string]> => {
    const tenantId =
      tenantOfSubscription(invoice.subscription_id) ??
      tenantOfSubscription(startedBy(invoice)) ??
      buyerTenants.get(invoice.user_id);
    return tenantId === undefined ? [] : [[invoice.id, tenantId]];
  });
  return new Map(found);
}
