import type { Product, Subscription, SystemHealthEntry, Tenant } from '@app/contracts';

const createdAt = '2026-01-15T10:00:00.000Z';

export function aTenant(overrides: Partial<Tenant> = {}): Tenant {
  return {
    id: crypto.randomUUID(),
    name: 'Acme Corp',
    slug: 'acme-corp',
    status: 'active',
    ownerId: null,
    owner: null,
    domainUrl: null,
    createdAt,
    subscriptionCount: 0,
    activeSubscriptions: 0,
    totalSpent: 0,
    domainRegistrarUrl: null,
    domainRegistrarUsername: null,
    domainRegistrarPasswordSet: false,
    dnsServerUrl: null,
    dnsServerUsername: null,
    dnsServerPasswordSet: false,
    emailProviderUrl: null,
    emailProviderUsername: null,
    emailProviderPasswordSet: false,
    webHostingUrl: null,
    webHostingUsername: null,
    webHostingPasswordSet: false,
    ...overrides,
  };
}

export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: crypto.randomUUID(),
    name: 'Bank Connect',
    slug: 'bank-connect',
    description: 'Connect to banks',
    basePrice: 49,
    category: 'Connectivity',
    color: '#10B981',
    icon: 'Link',
    features: [],
    isActive: true,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

export function aSubscription(tenant: Tenant, overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: crypto.randomUUID(),
    tenantId: tenant.id,
    productId: crypto.randomUUID(),
    productName: 'Risk Scoring',
    plan: 'professional',
    status: 'active',
    amount: 99,
    domainUrl: null,
    metricsApiKeyConfigured: false,
    product: { name: 'Risk Scoring', basePrice: 99, color: '#EF4444' },
    tenant: { name: tenant.name },
    createdAt,
    ...overrides,
  };
}

export function aHealthEntry(overrides: Partial<SystemHealthEntry> = {}): SystemHealthEntry {
  return {
    name: 'catalog',
    status: 'operational',
    latencyMs: 12.4,
    checkedAt: createdAt,
    details: { kind: 'service' },
    ...overrides,
  };
}
