import type { Product } from '@app/contracts';
import { PagedList } from '@app/ui';
import type { PagedListResult } from '@app/web-data';
import type { ReactNode } from 'react';
import { ListCard } from './list-card.js';

interface ProductsCardProps {
  products: PagedListResult<Product>;
  action?: ReactNode;
  /** A search box above the list (the Admin Portal's). */
  search?: ReactNode;
  /** What the list says when it is empty. */
  emptyText?: string;
  /** Each page shows its own row for a product. */
  children: (product: Product) => ReactNode;
}

/** The Products tab of both admin pages: every product, active or not (admins read them all), by name. */
export function ProductsCard({
  products,
  action,
  search,
  emptyText = 'No products yet',
  children,
}: ProductsCardProps) {
  return (
    <ListCard title="Products" action={action}>
      <div className="grid gap-4">
        {search}
        <PagedList
          read={products}
          label="Products"
          loadingLabel="Loading products..."
          emptyText={emptyText}
          getKey={(product) => product.id}
          estimateSize={76}
        >
          {children}
        </PagedList>
      </div>
    </ListCard>
  );
}
