import { defineAggregate, streamOf, storedEventDecoder } from '@app/eventing';
import { productEventSchema } from '../domain/product/events.js';
import { productDecider } from '../domain/product/decide.js';

/**
 * The catalogue's one aggregate: its stream category, its decider, and how a stored event is read back (validated;
 * an upcaster for a `.v2` type would go here).
 */
export const products = defineAggregate({
  category: 'catalog_product',
  decider: productDecider,
  decode: storedEventDecoder(productEventSchema),
});

export const productStream = (productId: string): string => streamOf(products, productId);
