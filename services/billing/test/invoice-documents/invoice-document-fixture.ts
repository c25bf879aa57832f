import type { InvoiceDocument } from '@app/contracts';

/** A paid invoice as billing answers it, for the pure tests: dates at noon UTC, one line. */
export function anInvoiceDocument(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    id: '0193a1b2-0000-7000-8000-000000000042',
    invoiceNumber: 'INV-000042',
    amount: 1299,
    currency: 'usd',
    status: 'paid',
    createdAt: '2026-11-01T12:00:00.000Z',
    paidAt: '2026-11-01T12:00:00.000Z',
    periodStart: '2026-11-01T12:00:00.000Z',
    periodEnd: '2026-12-01T12:00:00.000Z',
    productId: '0193a1b2-0000-7000-8000-000000000001',
    productName: 'Risk Scoring',
    tenantId: null,
    seller: { name: 'FinTech Platform Inc.', address: '1 Market St, San Francisco, CA 94105' },
    buyer: { name: 'Casey Jones', email: 'casey@demo.local' },
    lines: [{ description: 'Risk Scoring', amount: 1299 }],
    ...overrides,
  };
}
