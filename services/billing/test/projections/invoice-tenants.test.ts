import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { createBillingStores } from '../../src/application/billing-stores.js';
import { allocateInvoiceNumber } from '../../src/application/invoice-numbers.js';
import { assignInvoiceTenant } from '../../src/application/invoice-tenants.js';
import { startBilling, viewsSettled } from '../support/billing-harness.js';
import { uuidv7 } from '../support/requests.js';

const h = startedForFile(startBilling);

const options = { metadata: { actorId: 'test' } };
const now = () => new Date('2026-03-01T00:00:05.000Z');

describe('invoices: the tenant of each', () => {
  it('is the one assigned after issue, kept through later events and never replaced', async () => {
    const stores = createBillingStores(h.eventStore);
    const [invoiceId, paymentId, tenantId] = [uuidv7(), uuidv7(), uuidv7()];
    await stores.invoices.handle(
      invoiceId,
      {
        type: 'IssueInvoice',
        data: {
          invoiceId,
          number: await allocateInvoiceNumber(h.pool),
          userId: uuidv7(),
          tenantId: null,
          subscriptionId: null,
          productId: uuidv7(),
          amountCents: 4_900,
          currency: 'usd',
          settledBy: paymentId,
        },
        metadata: { now: '2026-03-01T00:00:00.000Z' },
      },
      options,
    );
    const row = async () => {
      await viewsSettled(h);
      const { rows } = await h.pool.query(
        'SELECT tenant_id, status, payment_id, paid_at FROM invoices WHERE id = $1',
        [invoiceId],
      );
      return rows;
    };
    const paid = { status: 'paid', payment_id: paymentId, paid_at: new Date('2026-03-01T00:00:00.000Z') };
    expect(await row()).toEqual([{ tenant_id: null, ...paid }]);

    expect(await assignInvoiceTenant({ stores, now }, { invoiceId, tenantId }, options)).toBe(true);
    expect(await row()).toEqual([{ tenant_id: tenantId, ...paid }]);

    expect(await assignInvoiceTenant({ stores, now }, { invoiceId, tenantId: uuidv7() }, options)).toBe(
      false,
    );
    expect(await row()).toEqual([{ tenant_id: tenantId, ...paid }]);
  });
});
