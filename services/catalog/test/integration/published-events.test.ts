import { describe, expect, it } from 'vitest';
import { catalogIntegrationEventSchema } from '@app/contracts';
import type { ProductEvent } from '../../src/domain/product/events.js';
import { recordedEvent } from '@app/test-support/recorded-event';
import { toIntegrationEvent } from '../../src/integration/published-events.js';

const productId = '0196f2a0-0000-7000-8000-000000000001';
const at = '2026-11-21T10:00:00.000Z';
const details = {
  productId,
  name: 'Risk Scoring Engine',
  slug: 'risk-scoring-engine',
  description: null,
  basePriceCents: 34_900,
  category: 'Risk',
  color: '#EF4444',
  icon: 'Shield' as const,
  features: ['Real-time risk scores'],
};

const recorded = (event: ProductEvent, revision: number) =>
  recordedEvent(event, { streamName: `catalog_product-${productId}`, revision, at });

describe('published catalogue events', () => {
  const history: Array<[ProductEvent, string, Record<string, unknown>]> = [
    [
      { type: 'ProductCreated', data: { ...details, isActive: true, createdAt: at } },
      'catalog.product.created.v1',
      { basePriceCents: 34_900, isActive: true },
    ],
    [
      { type: 'ProductUpdated', data: { ...details, name: 'Risk Engine', updatedAt: at } },
      'catalog.product.updated.v1',
      { name: 'Risk Engine' },
    ],
    [
      {
        type: 'ProductUpdated',
        data: { ...details, basicPriceCents: 9_900, enterprisePriceCents: null, updatedAt: at },
      },
      'catalog.product.updated.v1',
      { basicPriceCents: 9_900, enterprisePriceCents: null },
    ],
    [
      { type: 'ProductDeactivated', data: { productId, deactivatedAt: at } },
      'catalog.product.deactivated.v1',
      { changedAt: at },
    ],
    [
      { type: 'ProductActivated', data: { productId, activatedAt: at } },
      'catalog.product.activated.v1',
      { changedAt: at },
    ],
    [
      { type: 'ProductDeleted', data: { productId, name: 'Risk Engine', slug: details.slug, deletedAt: at } },
      'catalog.product.deleted.v1',
      { slug: details.slug },
    ],
  ];

  it.each(history.map(([event, subject, data], revision) => ({ event, subject, data, revision })))(
    '$event.type → $subject, valid against the public contract',
    ({ event, subject, data, revision }) => {
      const source = recorded(event, revision);
      const envelope = toIntegrationEvent(source);
      expect(catalogIntegrationEventSchema.parse(envelope)).toMatchObject({
        id: source.id,
        type: subject,
        occurredAt: at,
        correlationId: 'request-1',
        data: { productId, ...data },
      });
    },
  );
});
