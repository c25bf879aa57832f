import type { ProductDetails } from './product.js';

/** Time comes with the command (STYLE.md "Domain"): decide has no clock. */
interface CommandMetadata {
  now: string;
}

export interface CreateProduct {
  type: 'CreateProduct';
  data: { productId: string; details: ProductDetails; isActive: boolean };
  metadata: CommandMetadata;
}

/** A full replacement (PUT) sends every detail; a partial one (PATCH) only those it changes. */
export interface ChangeProduct {
  type: 'ChangeProduct';
  data: { productId: string; details: Partial<ProductDetails>; isActive?: boolean };
  metadata: CommandMetadata;
}

export interface DeleteProduct {
  type: 'DeleteProduct';
  data: { productId: string };
  metadata: CommandMetadata;
}

export type ProductCommand = CreateProduct | ChangeProduct | DeleteProduct;
