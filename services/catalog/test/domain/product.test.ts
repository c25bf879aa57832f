import { describe, it } from 'vitest';
import { basicPriceOrderMessage, enterprisePriceOrderMessage } from '@app/contracts';
import { IllegalStateError, NotFoundError, ValidationError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { ProductEvent } from '../../src/domain/product/events.js';
import type { ChangeProduct } from '../../src/domain/product/commands.js';
import { productDecider, productNotFound } from '../../src/domain/product/decide.js';
import type { ProductDetails } from '../../src/domain/product/product.js';

const { given } = specification(productDecider);
const productId = '0196f2a0-0000-7000-8000-000000000001';
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T11:00:00.000Z';
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
const create = {
  type: 'CreateProduct',
  data: { productId, details, isActive: true },
  metadata: { now },
} as const;
const change = (data: Omit<ChangeProduct['data'], 'productId'>): ChangeProduct => ({
  type: 'ChangeProduct',
  data: { productId, ...data },
  metadata: { now: later },
});
const remove = { type: 'DeleteProduct', data: { productId }, metadata: { now: later } } as const;

const created: ProductEvent = {
  type: 'ProductCreated',
  data: { productId, ...details, isActive: true, createdAt: now },
};
const deactivated: ProductEvent = { type: 'ProductDeactivated', data: { productId, deactivatedAt: later } };
const deleted: ProductEvent = {
  type: 'ProductDeleted',
  data: { productId, name: details.name, slug: details.slug, deletedAt: later },
};

describe('no product yet', () => {
  it('creates a product with its details and activity', () => {
    given([]).when(create).then([created]);
  });

  it('treats a change or a deletion as not found', () => {
    given([])
      .when(change({ details: { name: 'X y' } }))
      .thenThrows(new NotFoundError(productNotFound));
    given([]).when(remove).thenThrows(new NotFoundError(productNotFound));
  });
});

describe('a listed product', () => {
  it('refuses to create the same product twice', () => {
    given([created]).when(create).thenThrows(IllegalStateError);
  });

  it('records a partial change as the whole new set of details', () => {
    given([created])
      .when(change({ details: { basePriceCents: 19_900 } }))
      .then([
        { type: 'ProductUpdated', data: { productId, ...details, basePriceCents: 19_900, updatedAt: later } },
      ]);
  });

  it('deactivates when the flag turns off', () => {
    given([created])
      .when(change({ details: {}, isActive: false }))
      .then([deactivated]);
  });

  it('decides nothing when the flag is already on', () => {
    given([created])
      .when(change({ details: {}, isActive: true }))
      .then([]);
  });

  it('decides nothing for a change that changes nothing', () => {
    given([created])
      .when(change({ details: { ...details, features: [...details.features] } }))
      .then([]);
  });

  it('changes details and activity together', () => {
    given([created])
      .when(change({ details: { name: 'Bank Connect' }, isActive: false }))
      .then([
        { type: 'ProductUpdated', data: { productId, ...details, name: 'Bank Connect', updatedAt: later } },
        deactivated,
      ]);
  });

  it('deletes it, keeping its last name and slug in the event', () => {
    given([created]).when(remove).then([deleted]);
  });
});

describe('a deactivated product', () => {
  it('activates when the flag turns on', () => {
    given([created, deactivated])
      .when(change({ details: {}, isActive: true }))
      .then([{ type: 'ProductActivated', data: { productId, activatedAt: later } }]);
  });
});

describe('a deleted product', () => {
  it('treats a change or a deletion as not found', () => {
    given([created, deleted])
      .when(change({ details: { name: 'X y' } }))
      .thenThrows(new NotFoundError(productNotFound));
    given([created, deleted]).when(remove).thenThrows(new NotFoundError(productNotFound));
  });
});

describe('plan prices: basic below the professional (base) price, enterprise above it', () => {
  const planned = { ...details, basicPriceCents: 9_900, enterprisePriceCents: 29_900 };
  const createdWithPlans: ProductEvent = {
    type: 'ProductCreated',
    data: { productId, ...planned, isActive: true, createdAt: now },
  };
  const basicOutOfOrder = new ValidationError(basicPriceOrderMessage, [
    { path: 'basicPrice', message: basicPriceOrderMessage },
  ]);

  it('creates a product whose plans are in order', () => {
    given([])
      .when({ ...create, data: { ...create.data, details: planned } })
      .then([createdWithPlans]);
  });

  it('refuses to create a product whose enterprise price is not above the base price', () => {
    given([])
      .when({ ...create, data: { ...create.data, details: { ...details, enterprisePriceCents: 14_900 } } })
      .thenThrows(
        new ValidationError(enterprisePriceOrderMessage, [
          { path: 'enterprisePrice', message: enterprisePriceOrderMessage },
        ]),
      );
  });

  it('refuses a PATCH of the base price alone that puts it at or below the basic price', () => {
    given([createdWithPlans])
      .when(change({ details: { basePriceCents: 9_900 } }))
      .thenThrows(basicOutOfOrder);
  });

  it('refuses a PATCH of the base price alone that puts it above the enterprise price', () => {
    given([createdWithPlans])
      .when(change({ details: { basePriceCents: 30_000 } }))
      .thenThrows(ValidationError);
  });

  it('lets a PATCH clear a plan (null: no longer offered), which then frees the base price', () => {
    given([createdWithPlans])
      .when(change({ details: { basicPriceCents: null, basePriceCents: 5_000 } }))
      .then([
        {
          type: 'ProductUpdated',
          data: { productId, ...planned, basicPriceCents: null, basePriceCents: 5_000, updatedAt: later },
        },
      ]);
  });

  it('reads an event from before plans had prices as professional only', () => {
    const { basicPriceCents: _b, enterprisePriceCents: _e, ...older } = details;
    const oldCreated = {
      type: 'ProductCreated',
      data: { productId, ...older, isActive: true, createdAt: now },
    } as ProductEvent;
    given([oldCreated])
      .when(change({ details: { basicPriceCents: 9_900 } }))
      .then([
        { type: 'ProductUpdated', data: { productId, ...details, basicPriceCents: 9_900, updatedAt: later } },
      ]);
  });
});
