import { describe, expect, it } from 'vitest';
import { customerName, invoiceDetails } from '../../src/screens/invoice/invoice-details.js';
import { anInvoice, casey } from '../support/fixtures.js';

describe('invoice details', () => {
  it('names the customer by full name, else by email', () => {
    expect(customerName(casey)).toBe('Casey Jones');
    expect(customerName({ ...casey, lastName: null })).toBe('Casey');
    expect(customerName({ ...casey, firstName: ' ', lastName: null })).toBe('casey@demo.local');
  });

  it('says what the invoice is for and when, with USD as its currency', () => {
    const details = invoiceDetails(
      anInvoice({ invoiceNumber: 'INV-000042', amount: 1299, status: 'paid' }),
      casey,
    );
    expect(details).toMatchObject({
      number: 'INV-000042',
      status: 'paid',
      issued: 'Nov 1, 2026',
      paid: 'Nov 1, 2026',
      period: 'Nov 1, 2026 – Dec 1, 2026',
      product: 'Risk Scoring',
      amount: '$1,299.00',
      currency: 'USD',
      customerName: 'Casey Jones',
      customerEmail: 'casey@demo.local',
    });
  });

  it('says when an invoice is not paid yet or its product is unknown', () => {
    const details = invoiceDetails(anInvoice({ status: 'pending', paidAt: null, productName: null }), casey);
    expect(details.paid).toBe('Not paid yet');
    expect(details.product).toBe('Unknown Product');
  });
});
