import { webhookEventTypes, type WebhookEventType } from '@app/contracts';

/** What each offered event type tells a tenant's app, beside its subject on the endpoint form and in the log. */
const labels: Record<WebhookEventType, string> = {
  'billing.checkout.completed.v1': 'A checkout was paid',
  'billing.invoice.paid.v1': 'An invoice was paid',
  'billing.invoice.overdue.v1': 'An invoice went overdue',
  'billing.subscription.term-ended.v1': "A subscription's term ended",
  'billing.subscription.plan-changed.v1': 'A plan change was billed',
  'tenancy.subscription.started.v1': 'A subscription started',
  'tenancy.subscription.status-changed.v1': "A subscription's status changed",
  'tenancy.subscription.cancellation-scheduled.v1': 'A subscription was set to cancel',
  'tenancy.subscription.cancellation-withdrawn.v1': 'A cancellation was withdrawn',
  'tenancy.subscription.plan-changed.v1': "A subscription's plan changed",
};

export const offeredEventTypes = webhookEventTypes.map((type) => ({ type, label: labels[type] }));

/** The label of an event type, or none for one no longer offered (it still shows by its subject). */
export function eventTypeLabel(type: string): string | undefined {
  return (labels as Record<string, string>)[type];
}
