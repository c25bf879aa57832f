import type { Product } from '@app/contracts';
import { Badge, formatUsd } from '@app/ui';
import type { PagedListResult } from '@app/web-data';
import { ProductsCard } from '../../components/products-card.js';

/** SPEC.md §2 "Admin Dashboard", Products: every product, active or not (admins read them all), paged. */
export function ProductsTab({ products }: { products: PagedListResult<Product> }) {
  return (
    <ProductsCard products={products}>
      {(product) => (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4">
          <span
            aria-hidden
            className="size-8 shrink-0 rounded-md"
            style={{ backgroundColor: product.color }}
          />
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold">{product.name}</h3>
            {product.category ? <p className="text-sm text-muted-foreground">{product.category}</p> : null}
          </div>
          <Badge variant={product.isActive ? 'default' : 'secondary'}>
            {product.isActive ? 'Active' : 'Inactive'}
          </Badge>
          <p className="font-semibold">
            {formatUsd(product.basePrice)}
            <span className="text-sm font-normal text-muted-foreground">/mo</span>
          </p>
        </div>
      )}
    </ProductsCard>
  );
}
