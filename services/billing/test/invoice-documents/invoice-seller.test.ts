import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { defaultInvoiceSeller, invoiceSellerOf } from '../../src/invoice-documents/invoice-seller.js';

const base = {
  DATABASE_URL: 'postgres://localhost/db',
  NATS_URL: 'nats://localhost:4222',
  INTERNAL_TOKEN_SECRET: 'x'.repeat(32),
};

describe('the invoices’ seller', () => {
  it('is the product’s own name with no address unless configured', () => {
    expect(invoiceSellerOf(loadConfig(base))).toEqual({ name: 'FinTech Platform', address: null });
    expect(defaultInvoiceSeller).toEqual({ name: 'FinTech Platform', address: null });
  });

  it('takes the operator’s legal name and address, trimmed', () => {
    const config = loadConfig({
      ...base,
      INVOICE_SELLER_NAME: ' FinTech Platform Inc. ',
      INVOICE_SELLER_ADDRESS: '1 Market St, San Francisco, CA 94105',
    });
    expect(invoiceSellerOf(config)).toEqual({
      name: 'FinTech Platform Inc.',
      address: '1 Market St, San Francisco, CA 94105',
    });
  });

  it('refuses a blank name', () => {
    expect(() => loadConfig({ ...base, INVOICE_SELLER_NAME: '  ' })).toThrow(/INVOICE_SELLER_NAME/);
  });
});
