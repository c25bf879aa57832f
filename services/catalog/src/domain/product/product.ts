import type { ProductIcon } from '@app/contracts';
import type { ProductEvent } from './events.js';

/** Everything an admin edits about a product, money in cents; basePriceCents is the professional plan's price. */
export interface ProductDetails {
  name: string;
  slug: string;
  description: string | null;
  basePriceCents: number;
  /** null: the plan is not offered. */
  basicPriceCents: number | null;
  enterprisePriceCents: number | null;
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
      return {
        status: 'listed',
        productId,
        details: withPlanPrices(details),
        isActive,
        createdAt,
        updatedAt: createdAt,
      };
    }
    case 'ProductUpdated': {
      if (state.status !== 'listed') return state;
      const { productId: _productId, updatedAt, ...details } = event.data;
      return { ...state, details: withPlanPrices(details), updatedAt };
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

/** An event from before plans had prices offers professional only. */
function withPlanPrices(
  details: Omit<ProductDetails, 'basicPriceCents' | 'enterprisePriceCents'> &
    Partial<Pick<ProductDetails, 'basicPriceCents' | 'enterprisePriceCents'>>,
): ProductDetails {
  return {
    ...details,
    basicPriceCents: details.basicPriceCents ?? null,
    enterprisePriceCents: details.enterprisePriceCents ?? null,
  };
}
