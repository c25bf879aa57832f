import { defineAggregate, streamOf, type RecordedEvent } from '@app/eventing';
import { productEventSchema, type ProductEvent } from '../domain/product/events.js';
import { productDecider } from '../domain/product/decide.js';

/**
 * The catalogue's one aggregate: its stream category, its decider, and how a stored event is read back (validated;
 * an upcaster for a `.v2` type would go here).
 */
export const products = defineAggregate({
  category: 'catalog_product',
  decider: productDecider,
  decode: (recorded: RecordedEvent): ProductEvent =>
    productEventSchema.parse({ type: recorded.type, data: recorded.data }),
});

export const productStream = (productId: string): string => streamOf(products, productId);
