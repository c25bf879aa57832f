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
});
