import { describe, expect, it } from 'vitest';
import type { Invoice } from '@app/contracts';
import { invoiceDocumentOf } from '../../src/invoice-documents/invoice-document.js';
import { anInvoiceDocument } from './invoice-document-fixture.js';

const { seller, buyer: _buyer, lines: _lines, ...invoice } = anInvoiceDocument();
const casey = { email: 'casey@demo.local', firstName: 'Casey', lastName: 'Jones' };

describe('an invoice as a document', () => {
  it('is the listed invoice with its seller, its buyer by full name, and one line for its product', () => {
    expect(invoiceDocumentOf(invoice, seller, casey)).toEqual({
      ...invoice,
      seller,
      buyer: { name: 'Casey Jones', email: 'casey@demo.local' },
      lines: [{ description: 'Risk Scoring', amount: 1299 }],
    });
  });

  it.each([
    ['a first name only', { ...casey, lastName: null }, 'Casey'],
    ['blank names', { ...casey, firstName: ' ', lastName: null }, 'casey@demo.local'],
  ])('names a buyer with %s as the invoice page does', (_label, profile, name) => {
    expect(invoiceDocumentOf(invoice, seller, profile).buyer).toEqual({ name, email: 'casey@demo.local' });
  });

  it('has no buyer while billing has not heard of the account', () => {
    expect(invoiceDocumentOf(invoice, seller, null).buyer).toBeNull();
  });

  it('bills an unknown product as Unknown Product', () => {
    const unnamed: Invoice = { ...invoice, productName: null };
    expect(invoiceDocumentOf(unnamed, seller, casey).lines).toEqual([
      { description: 'Unknown Product', amount: 1299 },
    ]);
  });

  it("says what an upgrade's prorated invoice prorates: the plans, their prices and the time billed", () => {
    const upgrade: Invoice = {
      ...invoice,
      amount: 2.26,
      proration: {
        fromPlan: 'professional',
        plan: 'enterprise',
        previousAmount: 29,
        amount: 99,
        remainingSeconds: 86_400 + 2 * 3_600 + 5 * 60 + 59,
        periodSeconds: 31 * 86_400,
      },
    };
    expect(invoiceDocumentOf(upgrade, seller, casey).lines).toEqual([
      {
        description:
          'Risk Scoring: upgrade from Professional ($29.00/month) to Enterprise ($99.00/month), ' +
          'prorated for 1 day 2 h 5 min of a 31-day period',
        amount: 2.26,
      },
    ]);
    const lastSeconds = { ...upgrade, proration: { ...upgrade.proration!, remainingSeconds: 40 } };
    expect(invoiceDocumentOf(lastSeconds, seller, casey).lines[0]?.description).toMatch(
      /prorated for 0 min of/,
    );
  });
});
