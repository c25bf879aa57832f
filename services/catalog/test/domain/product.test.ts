import { describe, expect, it } from 'vitest';
import { IllegalStateError, NotFoundError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { ProductEvent } from '../../src/domain/product/events.js';
import { productDecider } from '../../src/domain/product/decide.js';
import type { ProductDetails } from '../../src/domain/product/product.js';

const spec = specification(productDecider);
const productId = '0196f2a0-0000-7000-8000-000000000001';
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T11:00:00.000Z';
const details: ProductDetails = {
  name: 'Open Banking Connect',
  slug: 'open-banking-connect',
  description: 'Bank connectivity',
  basePriceCents: 14_900,
  category: 'Connectivity',
  color: '#10B981',
  icon: 'Link',
  features: ['500+ institutions'],
};
const created: ProductEvent = {
  type: 'ProductCreated',
  data: { productId, ...details, isActive: true, createdAt: now },
};
const deleted: ProductEvent = {
  type: 'ProductDeleted',
  data: { productId, name: details.name, slug: details.slug, deletedAt: later },
};

describe('product decider', () => {
  it('creates a product with its details and activity', () => {
    const result = spec
      .given([])
      .when({ type: 'CreateProduct', data: { productId, details, isActive: true }, metadata: { now } });
    expect(result.events).toEqual([created]);
  });

  it('refuses to create the same product twice', () => {
    const result = spec
      .given([created])
      .when({ type: 'CreateProduct', data: { productId, details, isActive: true }, metadata: { now } });
    expect(result.error).toBeInstanceOf(IllegalStateError);
  });

  it('records a partial change as the whole new set of details', () => {
    const result = spec.given([created]).when({
      type: 'ChangeProduct',
      data: { productId, details: { basePriceCents: 19_900 } },
      metadata: { now: later },
    });
    expect(result.events).toEqual([
      { type: 'ProductUpdated', data: { productId, ...details, basePriceCents: 19_900, updatedAt: later } },
    ]);
  });

  it('deactivates and activates only when the flag actually changes', () => {
    const deactivate = spec.given([created]).when({
      type: 'ChangeProduct',
      data: { productId, details: {}, isActive: false },
      metadata: { now: later },
    });
    expect(deactivate.events).toEqual([
      { type: 'ProductDeactivated', data: { productId, deactivatedAt: later } },
    ]);

    const alreadyActive = spec.given([created]).when({
      type: 'ChangeProduct',
      data: { productId, details: {}, isActive: true },
      metadata: { now: later },
    });
    expect(alreadyActive.events).toEqual([]);

    const reactivate = spec
      .given([created, { type: 'ProductDeactivated', data: { productId, deactivatedAt: later } }])
      .when({
        type: 'ChangeProduct',
        data: { productId, details: {}, isActive: true },
        metadata: { now: later },
      });
    expect(reactivate.events).toEqual([
      { type: 'ProductActivated', data: { productId, activatedAt: later } },
    ]);
  });

  it('decides nothing for a change that changes nothing', () => {
    const result = spec.given([created]).when({
      type: 'ChangeProduct',
      data: { productId, details: { ...details, features: [...details.features] } },
      metadata: { now: later },
    });
    expect(result.events).toEqual([]);
  });

  it('changes details and activity together', () => {
    const result = spec.given([created]).when({
      type: 'ChangeProduct',
      data: { productId, details: { name: 'Bank Connect' }, isActive: false },
      metadata: { now: later },
    });
    expect(result.events?.map((event) => event.type)).toEqual(['ProductUpdated', 'ProductDeactivated']);
  });

  it('deletes a listed product, keeping its last name and slug in the event', () => {
    const result = spec
      .given([created])
      .when({ type: 'DeleteProduct', data: { productId }, metadata: { now: later } });
    expect(result.events).toEqual([deleted]);
  });

  it('treats a missing or deleted product as not found', () => {
    for (const history of [[], [created, deleted]]) {
      const change = spec.given(history).when({
        type: 'ChangeProduct',
        data: { productId, details: { name: 'X y' } },
        metadata: { now: later },
      });
      expect(change.error).toBeInstanceOf(NotFoundError);
      const remove = spec
        .given(history)
        .when({ type: 'DeleteProduct', data: { productId }, metadata: { now: later } });
      expect(remove.error).toBeInstanceOf(NotFoundError);
    }
  });
});
