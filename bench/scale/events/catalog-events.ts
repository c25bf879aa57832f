import { products } from '../../../services/catalog/src/application/products.js';
import { productEventSchema } from '../../../services/catalog/src/domain/product/events.js';
import type { BenchProduct } from '../dataset.js';
import { storedStream, type StreamAppend } from './stored-stream.js';

export function productStream(product: BenchProduct): StreamAppend {
  const { productId, isActive, createdAt, ...rest } = product;
  // The bench's products offer the professional plan only, as the catalogue's did before plans had prices.
  const details = { ...rest, basicPriceCents: null, enterprisePriceCents: null };
  return storedStream(products, productEventSchema, productId, [
    { type: 'CreateProduct', data: { productId, details, isActive }, metadata: { now: createdAt } },
  ]);
}
