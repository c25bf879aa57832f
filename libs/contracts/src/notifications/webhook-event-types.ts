import { billingSubjects } from '../billing/integration-events.js';
import { tenancySubjects } from '../tenancy/integration-events.js';

/**
 * The events a tenant's app may subscribe a webhook endpoint to (issue 20): the public integration events about
 * its own customers' money and subscriptions, named by their subject, which is also the delivered payload's
 * `type`. Catalogue, identity and usage events say nothing a tenant's app acts on, and some concern other
 * tenants, so they are not offered. Here rather than in notifications alone, as the screens offer the same list.
 */
export const webhookEventTypes = [
  billingSubjects.checkoutCompleted,
  billingSubjects.invoicePaid,
  billingSubjects.invoiceOverdue,
  billingSubjects.termEnded,
  billingSubjects.planChanged,
  tenancySubjects.subscriptionStarted,
  tenancySubjects.subscriptionStatusChanged,
  tenancySubjects.subscriptionCancellationScheduled,
  tenancySubjects.subscriptionCancellationWithdrawn,
  tenancySubjects.subscriptionPlanChanged,
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number];
