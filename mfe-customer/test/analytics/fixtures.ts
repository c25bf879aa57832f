import type { Invoice, Subscription, UsageRecord } from '@app/contracts';

/** One day's api_calls record, as GET /api/usage answers it. */
export function aUsageRecord(
  day: string,
  quantity: number,
  overrides: Partial<UsageRecord> = {},
): UsageRecord {
  const start = Date.parse(`${day}T00:00:00.000Z`);
  return {
    id: crypto.randomUUID(),
    metric: 'api_calls',
    quantity,
    periodStart: new Date(start).toISOString(),
    periodEnd: new Date(start + 24 * 60 * 60 * 1000).toISOString(),
    ...overrides,
  };
}

export function anInvoice(createdAt: string, amount: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: crypto.randomUUID(),
    invoiceNumber: 'INV-000001',
    amount,
    currency: 'usd',
    status: 'paid',
    createdAt,
    paidAt: createdAt,
    periodStart: createdAt,
    periodEnd: createdAt,
    productId: crypto.randomUUID(),
    productName: 'Risk Scoring',
    tenantId: crypto.randomUUID(),
    ...overrides,
  };
}

export function aSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: crypto.randomUUID(),
    tenantId: crypto.randomUUID(),
    productId: crypto.randomUUID(),
    productName: 'Risk Scoring',
    plan: 'professional',
    status: 'active',
    amount: 99,
    domainUrl: null,
    metricsApiKeyConfigured: false,
    product: { name: 'Risk Scoring', basePrice: 99, color: '#EF4444' },
    tenant: { name: 'Acme Corp' },
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}
