import type { z } from 'zod';
import {
  billingCheckoutCompletedV1,
  billingInvoiceOverdueV1,
  billingInvoicePaidV1,
  billingPlanChangedV1,
  billingTermEndedV1,
  tenancySubscriptionCancellationScheduledV1,
  tenancySubscriptionCancellationWithdrawnV1,
  tenancySubscriptionPlanChangedV1,
  tenancySubscriptionStartedV1,
  tenancySubscriptionStatusChangedV1,
} from '@app/contracts';
import type { WebhookEventType } from './domain/event-types.js';

/**
 * The public contract of each event type an endpoint may receive: the integration event's envelope schema from
 * @app/contracts, which is exactly what a delivery's body holds. Every offered type must have one (the type checks
 * it), so none goes undocumented in the API docs.
 */
export const webhookEventSchemas = {
  'billing.checkout.completed.v1': billingCheckoutCompletedV1,
  'billing.invoice.paid.v1': billingInvoicePaidV1,
  'billing.invoice.overdue.v1': billingInvoiceOverdueV1,
  'billing.subscription.term-ended.v1': billingTermEndedV1,
  'billing.subscription.plan-changed.v1': billingPlanChangedV1,
  'tenancy.subscription.started.v1': tenancySubscriptionStartedV1,
  'tenancy.subscription.status-changed.v1': tenancySubscriptionStatusChangedV1,
  'tenancy.subscription.cancellation-scheduled.v1': tenancySubscriptionCancellationScheduledV1,
  'tenancy.subscription.cancellation-withdrawn.v1': tenancySubscriptionCancellationWithdrawnV1,
  'tenancy.subscription.plan-changed.v1': tenancySubscriptionPlanChangedV1,
} as const satisfies Record<WebhookEventType, z.ZodType>;
