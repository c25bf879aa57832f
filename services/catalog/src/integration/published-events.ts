import { catalogSubjects, type CatalogIntegrationEvent, type IntegrationEnvelope } from '@app/contracts';
import type { RecordedEvent } from '@app/eventing';
import { publishedEnvelopeOf } from '@app/service-kit/runtime';
import { products } from '../application/products.js';

/**
 * Stored product events → the public `catalog.product.*.v1` contract. The stored shape may evolve on its own;
 * this mapping is where the published one is kept stable.
 */
export function toIntegrationEvent(recorded: RecordedEvent): IntegrationEnvelope | null {
  const event = products.decode(recorded);
  const envelope = publishedEnvelopeOf(recorded);
  const published: CatalogIntegrationEvent = (() => {
    switch (event.type) {
      case 'ProductCreated':
        return { ...envelope, type: catalogSubjects.productCreated, data: event.data };
      case 'ProductUpdated':
        return { ...envelope, type: catalogSubjects.productUpdated, data: event.data };
      case 'ProductActivated':
        return {
          ...envelope,
          type: catalogSubjects.productActivated,
          data: { productId: event.data.productId, changedAt: event.data.activatedAt },
        };
      case 'ProductDeactivated':
        return {
          ...envelope,
          type: catalogSubjects.productDeactivated,
          data: { productId: event.data.productId, changedAt: event.data.deactivatedAt },
        };
      case 'ProductDeleted':
        return { ...envelope, type: catalogSubjects.productDeleted, data: event.data };
    }
  })();
  return published;
}
