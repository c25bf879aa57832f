import type { InvoiceDocument } from '@app/contracts';
import { anInvoice } from '../support/fixtures.js';

/** An invoice as GET /api/invoices/{invoiceId} answers it: Casey's, one line, from the default seller. */
export function anInvoiceDocument(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const invoice = anInvoice();
  return {
    ...invoice,
    seller: { name: 'FinTech Platform', address: null },
    buyer: { name: 'Casey Jones', email: 'casey@demo.local' },
    lines: [{ description: invoice.productName ?? 'Unknown Product', amount: invoice.amount }],
    ...overrides,
  };
}
