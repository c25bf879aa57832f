import type { StartableSubscriptionStatus, SubscriptionPlan } from '@app/contracts';
import { demoProducts } from '@app/catalog/demo-products';
import { demoTenantIds } from './demo-tenants.js';

/** A demo catalogue product's fixed id, by name; a renamed demo product fails here rather than at start. */
function demoProductId(name: string): string {
  const product = demoProducts.find(({ body }) => body.name === name);
  if (product === undefined) throw new Error(`The demo catalogue has no product named ${name}`);
  return product.id;
}

/**
 * The demo catalogue products the demo tenants subscribe to. Tenancy knows products only through its copy of
 * the catalogue's events, so the seed waits for these copies and names any that never arrive.
 */
export const demoProductIds = {
  insightAnalytics: demoProductId('Insight Analytics'),
  openBankingConnect: demoProductId('Open Banking Connect'),
  identityVerify: demoProductId('Identity Verify'),
  accountValidation: demoProductId('Account Validation'),
  riskScoringEngine: demoProductId('Risk Scoring Engine'),
  usageBillingSuite: demoProductId('Usage Billing Suite'),
} as const;

export interface DemoSubscription {
  /** Fixed, so a second run finds the stream and leaves the subscription as it is. */
  id: string;
  tenantId: string;
  productId: string;
  plan: SubscriptionPlan;
  /** `cancelled` is not startable: such a subscription starts active and is then cancelled, as an admin would. */
  status: StartableSubscriptionStatus | 'cancelled';
  /** The tenant app monitoring polls; the key is sealed by the command before it enters an event. */
  endpoint?: { domainUrl: string; metricsApiKey?: string };
}

/**
 * Where `npm start` runs the demo tenant app (demo/tenant-app) that the demo subscriptions point at; it answers
 * each demo metrics key with that tenant's own, changing metrics document.
 */
export const demoTenantAppUrl = 'http://127.0.0.1:4100';

/**
 * Demo data only: the metrics keys are public in the source. Every endpoint is the demo tenant app, which tells
 * the tenants apart by their keys.
 */
export const demoSubscriptions: readonly DemoSubscription[] = [
  {
    id: '019a0000-0000-7000-8000-0000000b0001',
    tenantId: demoTenantIds.caseyStudio,
    productId: demoProductIds.insightAnalytics,
    plan: 'professional',
    status: 'active',
    endpoint: {
      domainUrl: demoTenantAppUrl,
      metricsApiKey: 'demo-metrics-key-casey-insights',
    },
  },
  {
    id: '019a0000-0000-7000-8000-0000000b0002',
    tenantId: demoTenantIds.caseyStudio,
    productId: demoProductIds.openBankingConnect,
    plan: 'basic',
    status: 'trial',
  },
  {
    id: '019a0000-0000-7000-8000-0000000b0003',
    tenantId: demoTenantIds.caseyStudio,
    productId: demoProductIds.usageBillingSuite,
    plan: 'basic',
    status: 'cancelled',
  },
  {
    id: '019a0000-0000-7000-8000-0000000b0004',
    tenantId: demoTenantIds.jordanLabs,
    productId: demoProductIds.identityVerify,
    plan: 'enterprise',
    status: 'active',
    endpoint: {
      domainUrl: demoTenantAppUrl,
      metricsApiKey: 'demo-metrics-key-jordan-kyc',
    },
  },
  {
    id: '019a0000-0000-7000-8000-0000000b0005',
    tenantId: demoTenantIds.jordanLabs,
    productId: demoProductIds.riskScoringEngine,
    plan: 'professional',
    status: 'active',
    endpoint: {
      domainUrl: demoTenantAppUrl,
      metricsApiKey: 'demo-metrics-key-jordan-risk',
    },
  },
  {
    id: '019a0000-0000-7000-8000-0000000b0006',
    tenantId: demoTenantIds.jordanLabs,
    productId: demoProductIds.accountValidation,
    plan: 'basic',
    status: 'trial',
    // Half configured, as a tenant mid-setup would be: the list shows the key as "Not set".
    endpoint: { domainUrl: demoTenantAppUrl },
  },
  {
    id: '019a0000-0000-7000-8000-0000000b0007',
    tenantId: demoTenantIds.northwind,
    productId: demoProductIds.openBankingConnect,
    plan: 'enterprise',
    status: 'suspended',
    endpoint: {
      domainUrl: demoTenantAppUrl,
      metricsApiKey: 'demo-metrics-key-northwind-banking',
    },
  },
  {
    id: '019a0000-0000-7000-8000-0000000b0008',
    tenantId: demoTenantIds.northwind,
    productId: demoProductIds.insightAnalytics,
    plan: 'professional',
    status: 'cancelled',
  },
];

/** The keys the demo tenant app must accept: every demo subscription's metrics key. */
export const demoMetricsKeys: readonly string[] = demoSubscriptions.flatMap((subscription) =>
  subscription.endpoint?.metricsApiKey ? [subscription.endpoint.metricsApiKey] : [],
);
