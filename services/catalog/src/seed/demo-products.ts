import { defaultProductColor, type CreateProductBody } from '@app/contracts';

/**
 * The demo catalogue behind the landing page's claims (SPEC.md §1): analytics, bank connectivity with 500+
 * institutions, KYC and identity verification, account validation, risk scoring, usage-based billing. Fixed
 * ids make the seed idempotent: a product whose stream exists is left as it is.
 */
export const demoProducts: ReadonlyArray<{ id: string; body: CreateProductBody }> = [
  {
    id: '019a0000-0000-7000-8000-00000000a001',
    body: {
      name: 'Insight Analytics',
      slug: 'insight-analytics',
      description:
        'Real-time insights into revenue, customers and transactions, with custom reports your team builds itself.',
      basePrice: 299,
      category: 'Analytics',
      color: defaultProductColor,
      icon: 'BarChart3',
      features: [
        'Real-time dashboards',
        'Custom report builder',
        'Cohort and retention analysis',
        'Scheduled CSV and PDF exports',
      ],
    },
  },
  {
    id: '019a0000-0000-7000-8000-00000000a002',
    body: {
      name: 'Open Banking Connect',
      slug: 'open-banking-connect',
      description:
        'One API to connect to 500+ banks and credit unions, with clean, categorised transactions.',
      basePrice: 199,
      category: 'Bank Connectivity',
      color: '#10B981',
      icon: 'Link',
      features: [
        '500+ connected institutions',
        'Automatic transaction categorisation',
        'Balance and account details',
        'Webhooks for new transactions',
      ],
    },
  },
  {
    id: '019a0000-0000-7000-8000-00000000a003',
    body: {
      name: 'Identity Verify',
      slug: 'identity-verify',
      description:
        'KYC-compliant onboarding: document checks, selfie match and sanctions screening in one flow.',
      basePrice: 249,
      category: 'Security & Compliance',
      color: '#8B5CF6',
      icon: 'Shield',
      features: [
        'KYC compliance checks',
        'Document and selfie verification',
        'Sanctions and PEP screening',
        'Audit trail for regulators',
      ],
    },
  },
  {
    id: '019a0000-0000-7000-8000-00000000a004',
    body: {
      name: 'Account Validation',
      slug: 'account-validation',
      description:
        'Confirm that a bank account exists and belongs to your customer before the first payment.',
      basePrice: 99,
      category: 'Security & Compliance',
      color: '#F59E0B',
      icon: 'Shield',
      features: [
        'Instant account ownership checks',
        'Routing and account number validation',
        'Micro-deposit fallback',
      ],
    },
  },
  {
    id: '019a0000-0000-7000-8000-00000000a005',
    body: {
      name: 'Risk Scoring Engine',
      slug: 'risk-scoring-engine',
      description:
        'Score every onboarding and transaction for fraud and credit risk, with reasons you can explain.',
      basePrice: 349,
      category: 'Risk Management',
      color: '#EF4444',
      icon: 'Shield',
      features: [
        'Real-time risk scores',
        'Explainable score reasons',
        'Configurable rules and thresholds',
        'Device and velocity signals',
      ],
    },
  },
  {
    id: '019a0000-0000-7000-8000-00000000a006',
    body: {
      name: 'Usage Billing Suite',
      slug: 'usage-billing-suite',
      description: 'Track API usage per tenant and turn it into invoices and card payments automatically.',
      basePrice: 149,
      category: 'Billing',
      color: '#6366F1',
      icon: 'BarChart3',
      features: [
        'Per-tenant usage tracking',
        'Automated monthly invoicing',
        'Card payments and retries',
        'Revenue reports',
      ],
    },
  },
  {
    id: '019a0000-0000-7000-8000-00000000a007',
    body: {
      name: 'Treasury Reconciliation',
      slug: 'treasury-reconciliation',
      description:
        'Match bank statements to ledger entries automatically. In private beta, so not yet on sale.',
      basePrice: 499,
      category: 'Analytics',
      color: '#0EA5E9',
      icon: 'BarChart3',
      features: ['Automatic statement matching', 'Exception queue for finance teams', 'Multi-bank support'],
      isActive: false,
    },
  },
];
