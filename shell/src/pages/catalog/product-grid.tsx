import type { Product } from '@app/contracts';
import { VirtualList } from '@app/ui';
import { ProductCard } from './product-card.js';
import { useColumns } from './use-columns.js';

/** Up to this many cards are laid out as a plain grid, rows of equal height; past it, only the visible ones. */
export const virtualiseFrom = 60;

/** A card's usual height with its row gap, before it is measured. */
const cardHeight = 420;
const gap = 24;

/**
 * The catalogue's cards, one `li` each. A long list (ARCHITECTURE.md "Decisions for growth") is virtualised in
 * as many lanes as the grid has columns, so the page holds a few dozen cards however many were loaded.
 */
export function ProductGrid({
  products,
  hasMore,
  onEndReached,
}: {
  products: readonly Product[];
  hasMore: boolean;
  onEndReached: () => void;
}) {
  const lanes = useColumns();
  if (products.length <= virtualiseFrom) {
    return (
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Products">
        {products.map((product) => (
          <li key={product.id} className="flex">
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <VirtualList
      items={products}
      label="Products"
      getKey={(product) => product.id}
      estimateSize={cardHeight}
      gap={gap}
      lanes={lanes}
      hasMore={hasMore}
      onEndReached={onEndReached}
    >
      {(product) => <ProductCard product={product} />}
    </VirtualList>
  );
}
