import { describe, expect, it } from 'vitest';
import { invoiceDetails } from '../../src/screens/invoice/invoice-details.js';
import { anInvoiceDocument } from './invoice-document-fixture.js';

describe('invoice details', () => {
  it('says who bills whom, for what and when, with USD as its currency', () => {
    const details = invoiceDetails(
      anInvoiceDocument({
        invoiceNumber: 'INV-000042',
        amount: 1299,
        status: 'paid',
        seller: { name: 'FinTech Platform Inc.', address: '1 Market St, San Francisco, CA 94105' },
        lines: [{ description: 'Risk Scoring', amount: 1299 }],
      }),
    );
    expect(details).toEqual({
      number: 'INV-000042',
      status: 'paid',
      issued: 'Nov 1, 2026',
      paid: 'Nov 1, 2026',
      period: 'Nov 1, 2026 – Dec 1, 2026',
      currency: 'USD',
      seller: { name: 'FinTech Platform Inc.', address: '1 Market St, San Francisco, CA 94105' },
      customerName: 'Casey Jones',
      customerEmail: 'casey@demo.local',
      lines: [{ description: 'Risk Scoring', amount: '$1,299.00' }],
      total: '$1,299.00',
    });
  });

  it('keeps every line in order, a proration credit as a negative amount', () => {
    const details = invoiceDetails(
      anInvoiceDocument({
        amount: 150.5,
        lines: [
          { description: 'Enterprise plan, Nov 16 – Dec 1', amount: 250.5 },
          { description: 'Unused time on Professional plan', amount: -100 },
        ],
      }),
    );
    expect(details.lines).toEqual([
      { description: 'Enterprise plan, Nov 16 – Dec 1', amount: '$250.50' },
      { description: 'Unused time on Professional plan', amount: '-$100.00' },
    ]);
    expect(details.total).toBe('$150.50');
  });

  it('says when an invoice is not paid yet, and a buyer billing has not heard of is unknown', () => {
    const details = invoiceDetails(anInvoiceDocument({ status: 'pending', paidAt: null, buyer: null }));
    expect(details.paid).toBe('Not paid yet');
    expect(details.customerName).toBe('Unknown customer');
    expect(details.customerEmail).toBe('');
  });
});
