import { v5 as uuidv5 } from 'uuid';
import { checkoutSubscriptionNamespace } from '@app/contracts';
import type { CommandOptions } from '@app/eventing';
import type { BillingStores } from './billing-stores.js';

/** The subscription tenancy starts for a checkout, when the buyer had none of the product (@app/contracts). */
export const checkoutSubscriptionId = (paymentId: string): string =>
  uuidv5(paymentId, checkoutSubscriptionNamespace);

/** Who the assignments name as their actor, in the audit trail. */
export const invoiceTenantsActor = 'billing-invoice-tenants';

/**
 * Sets an invoice's tenant if it has none (README "Invoice tenants"): true when this call set it, false when the
 * invoice already had one, which stays.
 */
export async function assignInvoiceTenant(
  deps: { stores: Pick<BillingStores, 'invoices'>; now: () => Date },
  assignment: { invoiceId: string; tenantId: string },
  options: CommandOptions,
): Promise<boolean> {
  const result = await deps.stores.invoices.handle(
    assignment.invoiceId,
    { type: 'AssignInvoiceTenant', data: assignment, metadata: { now: deps.now().toISOString() } },
    options,
  );
  return result.newEvents.length > 0;
}
