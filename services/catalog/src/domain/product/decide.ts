import type { ProductEvent } from './events.js';
import { productPlanPriceProblemsInCents } from '@app/contracts';
import {
  IllegalStateError,
  NotFoundError,
  ValidationError,
  assertNever,
  definedOnly,
  type Decider,
} from '@app/domain';
import type { ChangeProduct, CreateProduct, DeleteProduct, ProductCommand } from './commands.js';
import { evolve, initialState, type ProductDetails, type ProductState } from './product.js';

export const productNotFound = 'Product not found';

function create(command: CreateProduct, state: ProductState): ProductEvent[] {
  if (state.status !== 'absent') throw new IllegalStateError('A product with this id already exists');
  const { productId, details, isActive } = command.data;
  assertPlanPricesInOrder(details);
  return [
    { type: 'ProductCreated', data: { productId, ...details, isActive, createdAt: command.metadata.now } },
  ];
}

function change(command: ChangeProduct, state: ProductState): ProductEvent[] {
  if (state.status !== 'listed') throw new NotFoundError(productNotFound);
  const { productId, details, isActive } = command.data;
  const events: ProductEvent[] = [];
  const next: ProductDetails = { ...state.details, ...definedOnly(details) };
  assertPlanPricesInOrder(next);
  if (!sameDetails(next, state.details)) {
    events.push({ type: 'ProductUpdated', data: { productId, ...next, updatedAt: command.metadata.now } });
  }
  if (isActive === true && !state.isActive) {
    events.push({ type: 'ProductActivated', data: { productId, activatedAt: command.metadata.now } });
  }
  if (isActive === false && state.isActive) {
    events.push({ type: 'ProductDeactivated', data: { productId, deactivatedAt: command.metadata.now } });
  }
  return events;
}

function remove(command: DeleteProduct, state: ProductState): ProductEvent[] {
  if (state.status !== 'listed') throw new NotFoundError(productNotFound);
  const { name, slug } = state.details;
  return [
    {
      type: 'ProductDeleted',
      data: { productId: command.data.productId, name, slug, deletedAt: command.metadata.now },
    },
  ];
}

export function decide(command: ProductCommand, state: ProductState): ProductEvent[] {
  switch (command.type) {
    case 'CreateProduct':
      return create(command, state);
    case 'ChangeProduct':
      return change(command, state);
    case 'DeleteProduct':
      return remove(command, state);
    default:
      return assertNever(command);
  }
}

export const productDecider: Decider<ProductState, ProductCommand, ProductEvent> = {
  initialState,
  evolve,
  decide,
};

/**
 * Basic cheaper than professional, enterprise dearer, on the product that results: a PATCH of the base price
 * alone can break the order as surely as one of a plan's price.
 */
function assertPlanPricesInOrder(details: ProductDetails): void {
  const problems = productPlanPriceProblemsInCents(details);
  if (problems.length > 0) throw new ValidationError(problems.map((p) => p.message).join('. '), problems);
}

function sameDetails(a: ProductDetails, b: ProductDetails): boolean {
  return (
    a.name === b.name &&
    a.slug === b.slug &&
    a.description === b.description &&
    a.basePriceCents === b.basePriceCents &&
    a.basicPriceCents === b.basicPriceCents &&
    a.enterprisePriceCents === b.enterprisePriceCents &&
    a.category === b.category &&
    a.color === b.color &&
    a.icon === b.icon &&
    a.features.length === b.features.length &&
    a.features.every((feature, index) => feature === b.features[index])
  );
}
