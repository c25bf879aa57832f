import type pg from 'pg';
import { v5 as uuidv5 } from 'uuid';
import type { CommandOptions } from '@app/eventing';
import type { UpgradeStarted } from '../../domain/term/events.js';
import type { BillingStores } from '../billing-stores.js';
import { allocateInvoiceNumber } from '../invoice-numbers.js';

/** Fixed forever: an upgrade's invoice id comes from its payment, so it is issued once. */
const prorationInvoiceNamespace = '9d7c1f4e-2b8a-4c3d-a5e6-0f1b2c3d4e5f';

export const prorationInvoiceId = (paymentId: string): string => uuidv5(paymentId, prorationInvoiceNamespace);

/**
 * The prorated invoice of an upgrade whose charge succeeded, issued paid by that charge: it bills the rest of the
 * period, from the moment prorated from to the period's end, and says how it was prorated.
 */
export async function issueProrationInvoice(
  deps: { pool: pg.Pool; stores: BillingStores; now: () => Date },
  upgrade: UpgradeStarted,
  options: CommandOptions,
): Promise<string> {
  const invoiceId = prorationInvoiceId(upgrade.paymentId);
  if ((await deps.stores.invoices.read(invoiceId)).state.status !== 'absent') return invoiceId;
  const { fromPlan, plan, previousAmountCents, amountCents, remainingSeconds, periodSeconds } = upgrade;
  await deps.stores.invoices.handle(
    invoiceId,
    {
      type: 'IssueInvoice',
      data: {
        invoiceId,
        number: await allocateInvoiceNumber(deps.pool),
        userId: upgrade.userId,
        tenantId: upgrade.tenantId,
        subscriptionId: upgrade.subscriptionId,
        productId: upgrade.productId,
        amountCents: upgrade.prorationCents,
        currency: 'usd',
        settledBy: upgrade.paymentId,
        period: { start: upgrade.proratedFrom, end: upgrade.periodEnd },
        proration: { fromPlan, plan, previousAmountCents, amountCents, remainingSeconds, periodSeconds },
      },
      metadata: { now: deps.now().toISOString() },
    },
    options,
  );
  return invoiceId;
}
