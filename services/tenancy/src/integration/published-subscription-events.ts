import { tenancySubjects, type IntegrationEnvelope, type TenancyIntegrationEvent } from '@app/contracts';
import type { RecordedEvent } from '@app/eventing';
import { subscriptions } from '../application/subscriptions.js';
import { publishedEnvelopeOf } from '@app/service-kit/runtime';

/**
 * Stored subscription events → the public `tenancy.subscription.*.v1` contract. The sealed metrics API key never
 * crosses: only whether one is configured (monitoring asks tenancy for the key over an internal call).
 */
export function subscriptionIntegrationEvent(recorded: RecordedEvent): IntegrationEnvelope {
  const event = subscriptions.decode(recorded);
  const envelope = publishedEnvelopeOf(recorded);
  const published: TenancyIntegrationEvent = (() => {
    switch (event.type) {
      case 'SubscriptionStarted':
        return { ...envelope, type: tenancySubjects.subscriptionStarted, data: event.data };
      case 'SubscriptionStatusChanged':
        return { ...envelope, type: tenancySubjects.subscriptionStatusChanged, data: event.data };
      case 'SubscriptionEndpointConfigured': {
        const { metricsApiKey, ...rest } = event.data;
        return {
          ...envelope,
          type: tenancySubjects.subscriptionEndpointConfigured,
          data: { ...rest, metricsApiKeyConfigured: metricsApiKey !== null },
        };
      }
      case 'SubscriptionCancellationScheduled':
        return { ...envelope, type: tenancySubjects.subscriptionCancellationScheduled, data: event.data };
      case 'SubscriptionCancellationWithdrawn':
        return { ...envelope, type: tenancySubjects.subscriptionCancellationWithdrawn, data: event.data };
      case 'SubscriptionPlanChanged':
        return { ...envelope, type: tenancySubjects.subscriptionPlanChanged, data: event.data };
    }
  })();
  return published;
}
