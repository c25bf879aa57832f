import type { Product } from '@app/contracts';
import type { UseQueryResult } from '@app/query';
import type { ReactNode } from 'react';
import { ListCard } from './list-card.js';
import { QueryList } from './query-list.js';

interface ProductsCardProps {
  products: UseQueryResult<Product[]>;
  action?: ReactNode;
  /** Each page shows its own row for a product. */
  children: (product: Product) => ReactNode;
}

/** The Products tab of both admin pages: every product, active or not (admins read them all). */
export function ProductsCard({ products, action, children }: ProductsCardProps) {
  return (
    <ListCard title="Products" action={action}>
      <QueryList
        query={products}
        items={products.data}
        label="Products"
        loadingLabel="Loading products..."
        emptyText="No products yet"
      >
        {children}
      </QueryList>
    </ListCard>
  );
}
