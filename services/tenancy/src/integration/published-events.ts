import { tenancySubjects, type IntegrationEnvelope, type TenancyIntegrationEvent } from '@app/contracts';
import { categoryOf, type RecordedEvent } from '@app/eventing';
import { subscriptions } from '../application/subscriptions.js';
import { tenants } from '../application/tenants.js';
import { publishedEnvelopeOf } from '@app/service-kit/runtime';
import { subscriptionIntegrationEvent } from './published-subscription-events.js';

/**
 * Stored tenant events → the public `tenancy.tenant.*.v1` contract. Provider credentials never cross (not even
 * sealed), nor does the reveal audit: they are tenancy's own business and secret-adjacent.
 */
export function tenantIntegrationEvent(recorded: RecordedEvent): IntegrationEnvelope | null {
  const event = tenants.decode(recorded);
  const envelope = publishedEnvelopeOf(recorded);
  const published: TenancyIntegrationEvent | null = (() => {
    switch (event.type) {
      case 'TenantCreated':
        return { ...envelope, type: tenancySubjects.tenantCreated, data: event.data };
      case 'TenantRenamed': {
        const { tenantId, name, renamedAt } = event.data;
        return {
          ...envelope,
          type: tenancySubjects.tenantUpdated,
          data: { tenantId, name, changedAt: renamedAt },
        };
      }
      case 'TenantStatusChanged':
        return { ...envelope, type: tenancySubjects.tenantUpdated, data: event.data };
      case 'TenantDomainChanged':
        return { ...envelope, type: tenancySubjects.tenantUpdated, data: event.data };
      case 'ProviderCredentialsChanged':
      case 'CredentialRevealed':
        return null;
    }
  })();
  return published;
}

/** Every tenancy event → its published form, by the aggregate it belongs to. */
export function toIntegrationEvent(recorded: RecordedEvent): IntegrationEnvelope | null {
  switch (categoryOf(recorded.streamName)) {
    case tenants.category:
      return tenantIntegrationEvent(recorded);
    case subscriptions.category:
      return subscriptionIntegrationEvent(recorded);
    default:
      return null;
  }
}
