import type { ProductIcon } from '@app/contracts';
import type { ProductEvent } from './events.js';

/** Everything an admin edits about a product, money in cents. */
export interface ProductDetails {
  name: string;
  slug: string;
  description: string | null;
  basePriceCents: number;
  category: string | null;
  color: string;
  icon: ProductIcon;
  features: string[];
}

export type ProductState =
  | { status: 'absent' }
  | {
      status: 'listed';
      productId: string;
      details: ProductDetails;
      isActive: boolean;
      createdAt: string;
      updatedAt: string;
    }
  | { status: 'deleted'; productId: string };

export const initialState = (): ProductState => ({ status: 'absent' });

export function evolve(state: ProductState, event: ProductEvent): ProductState {
  switch (event.type) {
    case 'ProductCreated': {
      const { productId, isActive, createdAt, ...details } = event.data;
      return { status: 'listed', productId, details, isActive, createdAt, updatedAt: createdAt };
    }
    case 'ProductUpdated': {
      if (state.status !== 'listed') return state;
      const { productId: _productId, updatedAt, ...details } = event.data;
      return { ...state, details, updatedAt };
    }
    case 'ProductActivated':
      return state.status === 'listed'
        ? { ...state, isActive: true, updatedAt: event.data.activatedAt }
        : state;
    case 'ProductDeactivated':
      return state.status === 'listed'
        ? { ...state, isActive: false, updatedAt: event.data.deactivatedAt }
        : state;
    case 'ProductDeleted':
      return { status: 'deleted', productId: event.data.productId };
  }
}
