import type { CurrentUser, Invoice, Product, Subscription, UsageRecord } from '@app/contracts';

/** The signed-in customer of these tests, as GET /api/auth/user answers. */
export const casey: CurrentUser = {
  id: crypto.randomUUID(),
  email: 'casey@demo.local',
  firstName: 'Casey',
  lastName: 'Jones',
  role: 'tenant',
  profileImageUrl: null,
  createdAt: '2026-01-01T12:00:00.000Z',
};

/** An invoice as GET /api/invoices answers it; dates at noon UTC read as the same day in any test time zone. */
export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: crypto.randomUUID(),
    invoiceNumber: 'INV-000001',
    amount: 99,
    currency: 'usd',
    status: 'paid',
    createdAt: '2026-11-01T12:00:00.000Z',
    paidAt: '2026-11-01T12:00:00.000Z',
    periodStart: '2026-11-01T12:00:00.000Z',
    periodEnd: '2026-12-01T12:00:00.000Z',
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
    cancelAtPeriodEnd: false,
    product: { name: 'Risk Scoring', basePrice: 99, color: '#EF4444' },
    tenant: { name: 'Acme Corp' },
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/** A product as GET /api/products/{id} answers it: every plan offered unless a test says otherwise. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: crypto.randomUUID(),
    name: 'Risk Scoring',
    slug: 'risk-scoring',
    description: 'Score every applicant in real time.',
    basePrice: 49,
    basicPrice: 9,
    enterprisePrice: 99,
    category: 'Security',
    color: '#EF4444',
    icon: 'Shield',
    features: ['Real-time risk scores'],
    isActive: true,
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/** One UTC day's api_calls record, as GET /api/usage answers it. */
export function aUsageRecord(quantity: number, day = '2026-11-02'): UsageRecord {
  const start = Date.parse(`${day}T00:00:00.000Z`);
  return {
    id: crypto.randomUUID(),
    metric: 'api_calls',
    quantity,
    periodStart: new Date(start).toISOString(),
    periodEnd: new Date(start + 24 * 60 * 60 * 1000).toISOString(),
  };
}

/** A 401 as the gateway answers a read without a session. */
export const unauthorized = () => new Response(null, { status: 401, statusText: 'Unauthorized' });

/**
 * `record` as an older API or a partial write may have left it, without `fields`: what a screen must still show
 * with SPEC.md's fallbacks, whatever the current contract's type says.
 */
export function without<T extends object, K extends keyof T>(record: T, ...fields: K[]): Omit<T, K> {
  const left = Object.entries(record).filter(([key]) => !(fields as PropertyKey[]).includes(key));
  return Object.fromEntries(left) as Omit<T, K>;
}
