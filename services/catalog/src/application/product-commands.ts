import { v7 as uuidv7 } from 'uuid';
import {
  defaultProductColor,
  defaultProductIcon,
  dollarsFromCents,
  centsFromDollars,
  type Product,
} from '@app/contracts';
import type { ProductEvent } from '../domain/product/events.js';
import {
  aggregateStore,
  idOfCreation,
  withReservation,
  type CommandOptions,
  type CommandResult,
  type EventStore,
  type UniqueValueReservations,
} from '@app/eventing';
import type { z } from 'zod';
import type { createProductBodySchema, patchProductBodySchema } from '@app/contracts';
import type { ProductDetails, ProductState } from '../domain/product/product.js';
import { products } from './products.js';

type CreateBody = z.output<typeof createProductBodySchema>;
type PatchBody = z.output<typeof patchProductBodySchema>;
export type ProductCommandResult = CommandResult<ProductState, ProductEvent> & { productId: string };

export interface ProductCommandsDeps {
  eventStore: EventStore;
  slugs: UniqueValueReservations;
  now: () => Date;
  newId?: () => string;
}

/** The catalogue's use cases: slug reservation around the generic command handler. */
export function createProductCommands({ eventStore, slugs, now, newId = uuidv7 }: ProductCommandsDeps) {
  const { handle } = aggregateStore(eventStore, products);

  async function afterChange(productId: string, result: CommandResult<ProductState, ProductEvent>) {
    const changedSlug = result.newEvents.some(
      (e) => e.type === 'ProductUpdated' || e.type === 'ProductDeleted',
    );
    if (changedSlug) {
      await slugs.releaseAllExcept(productId, slugOf(result.state));
    }
    return { ...result, productId };
  }

  return {
    /** `productId` is given only by the demo seed, whose fixed ids make it idempotent. */
    async create(
      body: CreateBody,
      options: CommandOptions,
      productId = idOfCreation(options, newId),
    ): Promise<ProductCommandResult> {
      return withReservation(slugs, body.slug, productId, async () => {
        const result = await handle(
          productId,
          {
            type: 'CreateProduct',
            data: { productId, details: fullDetails(body), isActive: body.isActive ?? true },
            metadata: { now: now().toISOString() },
          },
          options,
        );
        return { ...result, productId };
      });
    },

    /** PUT: every detail is replaced; fields left out take their defaults; isActive is kept when absent. */
    async replace(
      productId: string,
      body: CreateBody,
      options: CommandOptions,
    ): Promise<ProductCommandResult> {
      return withReservation(slugs, body.slug, productId, async () => {
        const result = await handle(
          productId,
          {
            type: 'ChangeProduct',
            data: { productId, details: fullDetails(body), isActive: body.isActive },
            metadata: { now: now().toISOString() },
          },
          options,
        );
        return afterChange(productId, result);
      });
    },

    async patch(productId: string, body: PatchBody, options: CommandOptions): Promise<ProductCommandResult> {
      return withReservation(slugs, body.slug, productId, async () => {
        const result = await handle(
          productId,
          {
            type: 'ChangeProduct',
            data: { productId, details: partialDetails(body), isActive: body.isActive },
            metadata: { now: now().toISOString() },
          },
          options,
        );
        return afterChange(productId, result);
      });
    },

    async remove(productId: string, options: CommandOptions): Promise<ProductCommandResult> {
      const result = await handle(
        productId,
        { type: 'DeleteProduct', data: { productId }, metadata: { now: now().toISOString() } },
        options,
      );
      return afterChange(productId, result);
    },
  };
}

export type ProductCommands = ReturnType<typeof createProductCommands>;

/** The slug a product holds: none once it is deleted. */
export function slugOf(state: ProductState): string | null {
  return state.status === 'listed' ? state.details.slug : null;
}

function fullDetails(body: CreateBody): ProductDetails {
  return {
    name: body.name,
    slug: body.slug,
    description: body.description ?? null,
    basePriceCents: centsFromDollars(body.basePrice),
    basicPriceCents: centsOrNull(body.basicPrice),
    enterprisePriceCents: centsOrNull(body.enterprisePrice),
    category: body.category ?? null,
    color: body.color ?? defaultProductColor,
    icon: body.icon ?? defaultProductIcon,
    features: body.features ?? [],
  };
}

function partialDetails(body: PatchBody): Partial<ProductDetails> {
  const { basePrice, basicPrice, enterprisePrice, isActive: _isActive, ...rest } = body;
  return {
    ...rest,
    ...(basePrice === undefined ? {} : { basePriceCents: centsFromDollars(basePrice) }),
    ...(basicPrice === undefined ? {} : { basicPriceCents: centsOrNull(basicPrice) }),
    ...(enterprisePrice === undefined ? {} : { enterprisePriceCents: centsOrNull(enterprisePrice) }),
  };
}

/** A plan's price in cents; absent or null: the plan is not offered. */
function centsOrNull(dollars: number | null | undefined): number | null {
  return dollars === undefined || dollars === null ? null : centsFromDollars(dollars);
}

const dollarsOrNull = (cents: number | null): number | null =>
  cents === null ? null : dollarsFromCents(cents);

/** The API view of a product as the command left it, money in dollars. */
export function productView(state: Extract<ProductState, { status: 'listed' }>): Product {
  const { details } = state;
  return {
    id: state.productId,
    name: details.name,
    slug: details.slug,
    description: details.description,
    basePrice: dollarsFromCents(details.basePriceCents),
    basicPrice: dollarsOrNull(details.basicPriceCents),
    enterprisePrice: dollarsOrNull(details.enterprisePriceCents),
    category: details.category,
    color: details.color,
    icon: details.icon,
    features: details.features,
    isActive: state.isActive,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
}
