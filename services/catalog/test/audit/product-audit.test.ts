import { describe, expect, it } from 'vitest';
import { describeAuditCoverage } from '@app/test-support/audit-coverage';
import { commandTypesOf } from '@app/test-support/command-types';
import { products } from '../../src/application/products.js';
import { describeProductEvent } from '../../src/audit/product-audit.js';
import type { ProductCommand } from '../../src/domain/product/commands.js';
import { productEventTypes, type ProductEvent } from '../../src/domain/product/events.js';
import type { ProductDetails } from '../../src/domain/product/product.js';
import { initialState, evolve } from '../../src/domain/product/product.js';

const productId = '0196f2a0-0000-7000-8000-000000000001';
const now = '2026-11-21T10:00:00.000Z';
const details: ProductDetails = {
  name: 'Open Banking Connect',
  slug: 'open-banking-connect',
  description: 'Bank connectivity',
  basePriceCents: 14_900,
  basicPriceCents: null,
  enterprisePriceCents: null,
  category: 'Connectivity',
  color: '#10B981',
  icon: 'Link',
  features: ['500+ institutions'],
};
const created: ProductEvent = {
  type: 'ProductCreated',
  data: { productId, ...details, isActive: true, createdAt: now },
};
const command = <Type extends ProductCommand['type']>(
  type: Type,
  data: Extract<ProductCommand, { type: Type }>['data'],
) => ({ type, data, metadata: { now } }) as Extract<ProductCommand, { type: Type }>;

describeAuditCoverage({
  producer: 'catalog',
  aggregate: products,
  describeEvent: describeProductEvent,
  commandTypes: commandTypesOf(
    new URL('../../src/domain/product/commands.ts', import.meta.url),
    'ProductCommand',
  ),
  eventTypes: productEventTypes,
  scenarios: {
    CreateProduct: [{ when: command('CreateProduct', { productId, details, isActive: true }) }],
    ChangeProduct: [
      {
        given: [created],
        when: command('ChangeProduct', { productId, details: { basePriceCents: 15_900 }, isActive: false }),
      },
      {
        given: [created, { type: 'ProductDeactivated', data: { productId, deactivatedAt: now } }],
        when: command('ChangeProduct', { productId, details: {}, isActive: true }),
      },
    ],
    DeleteProduct: [{ given: [created], when: command('DeleteProduct', { productId }) }],
  },
});

describe('a product entry', () => {
  it('names only the fields that changed, before and after, in words', () => {
    const before = evolve(initialState(), created);
    const updated: ProductEvent = {
      type: 'ProductUpdated',
      data: {
        productId,
        ...details,
        basePriceCents: 15_900,
        features: ['500+ institutions', 'Webhooks'],
        updatedAt: now,
      },
    };
    expect(describeProductEvent(updated, before, evolve(before, updated))).toEqual({
      action: 'product.updated',
      entity: { type: 'product', id: productId, label: 'Open Banking Connect' },
      tenantId: null,
      accountId: null,
      changes: [
        { field: 'Base price', before: '$149.00', after: '$159.00' },
        { field: 'Features', before: '500+ institutions', after: '500+ institutions, Webhooks' },
      ],
    });
  });

  it('gives every field of a new product', () => {
    const entry = describeProductEvent(created, initialState(), evolve(initialState(), created));
    expect(entry.changes).toContainEqual({ field: 'Name', before: null, after: 'Open Banking Connect' });
    expect(entry.changes).toContainEqual({ field: 'Active', before: null, after: 'Yes' });
    expect(entry.changes.map((change) => change.field)).not.toContain('Basic price');
  });
});
