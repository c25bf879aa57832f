import { billingSubjects, tenancySubjects } from '@app/contracts';

/**
 * The events a tenant's app may subscribe an endpoint to: the public integration events about its own customers'
 * money and subscriptions, named by their subject, which is also the delivered payload's `type` (issue 20:
 * "Event payloads are the public integration events"). Catalogue, identity and usage events say nothing a
 * tenant's app acts on, and some concern other tenants, so they are not offered.
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

const offered: ReadonlySet<string> = new Set(webhookEventTypes);

export function isWebhookEventType(type: string): type is WebhookEventType {
  return offered.has(type);
}
