import { tenancySubjects, type IntegrationEnvelope, type TenancyIntegrationEvent } from '@app/contracts';
import { categoryOf, type RecordedEvent } from '@app/eventing';
import { decodeTenantEvent, tenantCategory } from '../application/tenant-stream.js';

/** Maps one stored event of another tenancy category (subscriptions) to its published form, or null. */
export type IntegrationEventMapper = (recorded: RecordedEvent) => IntegrationEnvelope | null;

export function envelopeOf(recorded: RecordedEvent) {
  return {
    id: recorded.id,
    occurredAt: recorded.recordedAt.toISOString(),
    ...(recorded.metadata.correlationId ? { correlationId: recorded.metadata.correlationId } : {}),
    causationId: recorded.id,
  };
}

/**
 * Stored tenant events → the public `tenancy.tenant.*.v1` contract. Provider credentials never cross (not even
 * sealed), nor does the reveal audit: they are tenancy's own business and secret-adjacent.
 */
export function tenantIntegrationEvent(recorded: RecordedEvent): IntegrationEnvelope | null {
  const event = decodeTenantEvent(recorded);
  const envelope = envelopeOf(recorded);
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

/** Every tenancy event → its published form: tenants here, other categories through `others`. */
export function toIntegrationEvent(
  recorded: RecordedEvent,
  others?: IntegrationEventMapper,
): IntegrationEnvelope | null {
  if (categoryOf(recorded.streamName) === tenantCategory) return tenantIntegrationEvent(recorded);
  return others ? others(recorded) : null;
}
