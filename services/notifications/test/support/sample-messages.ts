import type { MessageKind, MessagePayload } from '../../src/domain/messages.js';

const invoiceId = '0196f2a0-0000-7000-8000-000000000001';
const app = 'https://app.example';
const subscription = { firstName: 'Ada', tenantName: 'Acme Corp', productName: 'Analytics Pro' };

/**
 * One realistic payload per message, as its consumer would queue it: what the screenshots of the messages show.
 * Typed per kind, so a new message does not compile until it has one.
 */
export const sampleMessages: { [Kind in MessageKind]: MessagePayload<Kind> } = {
  receipt: {
    firstName: 'Ada',
    invoiceId,
    number: 'INV-000123',
    amountCents: 2_900,
    currency: 'usd',
    paidAt: '2026-11-27T10:00:00.000Z',
    productName: 'Analytics Pro',
    periodStart: '2026-11-27T10:00:00.000Z',
    periodEnd: '2026-12-27T10:00:00.000Z',
    invoiceUrl: `${app}/billing/invoices/${invoiceId}`,
    pdfUrl: `${app}/api/invoices/${invoiceId}/pdf`,
  },
  'subscription-suspended': {
    ...subscription,
    suspendedAt: '2026-12-02T10:00:00.000Z',
    billingUrl: `${app}/billing`,
  },
  'subscription-cancelled': {
    ...subscription,
    cancelledAt: '2026-12-02T10:00:00.000Z',
    reason: 'Cancelled at the end of its billing period, as asked',
    billingUrl: `${app}/billing`,
  },
  'cancellation-scheduled': {
    ...subscription,
    scheduledAt: '2026-12-02T10:00:00.000Z',
    endsAt: '2026-12-27T10:00:00.000Z',
    billingUrl: `${app}/billing`,
  },
  'plan-changed': {
    ...subscription,
    kind: 'upgrade',
    fromPlan: 'professional',
    plan: 'enterprise',
    previousAmountCents: 2_900,
    amountCents: 9_900,
    prorationCents: 5_833,
    changedAt: '2026-12-02T10:00:00.000Z',
    invoiceUrl: `${app}/billing/invoices/${invoiceId}`,
    billingUrl: `${app}/billing`,
  },
  'payment-failed': {
    ...subscription,
    invoiceNumber: 'INV-000124',
    amountCents: 2_900,
    failedAt: '2026-12-27T10:00:00.000Z',
    declineMessage: 'Your card has insufficient funds.',
    nextAttemptAt: '2026-12-28T10:00:00.000Z',
    invoiceUrl: `${app}/billing/invoices/${invoiceId}`,
    billingUrl: `${app}/billing`,
  },
  'renewal-reminder': {
    ...subscription,
    plan: 'professional',
    amountCents: 2_900,
    renewsAt: '2026-12-27T10:00:00.000Z',
    billingUrl: `${app}/billing`,
  },
  'trial-ending': {
    ...subscription,
    plan: 'professional',
    amountCents: 2_900,
    endsAt: '2026-12-27T10:00:00.000Z',
    cardOnFile: false,
    billingUrl: `${app}/billing`,
  },
  'webhook-endpoint-failing': {
    firstName: 'Ada',
    tenantName: 'Acme Corp',
    endpointUrl: 'https://hooks.acme.example/platform',
    failingSince: '2026-11-29T10:00:00.000Z',
    markedAt: '2026-12-02T10:00:00.000Z',
    lastError: 'The endpoint answered 500',
    settingsUrl: `${app}/settings`,
  },
  'password-changed': {
    firstName: 'Ada',
    reason: 'settings',
    changedAt: '2026-12-02T10:00:00.000Z',
  },
  'password-setup': {
    firstName: 'Ada',
    email: 'ada@acme.example',
    setupUrl: `${app}/api/login/setup?token=${'x'.repeat(43)}`,
    expiresAt: '2026-12-05T10:00:00.000Z',
  },
};
