import type { Product } from '@app/contracts';
import { Badge, Card, CardContent, CardHeader, CardTitle, ListError, ListLoading } from '@app/ui';
import type { UseQueryResult } from '@app/query';
import { formatUsd } from './figures.js';

/** SPEC.md §2 "Admin Dashboard", Products: every product, active or not (admins read them all). */
export function ProductsTab({ products }: { products: UseQueryResult<Product[]> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Products</CardTitle>
      </CardHeader>
      <CardContent>
        {products.isPending ? (
          <ListLoading label="Loading products..." />
        ) : products.isError ? (
          <ListError error={products.error} />
        ) : products.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No products yet</p>
        ) : (
          <ul aria-label="Products" className="grid gap-3">
            {products.data.map((product) => (
              <li
                key={product.id}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4"
              >
                <span
                  aria-hidden
                  className="size-8 shrink-0 rounded-md"
                  style={{ backgroundColor: product.color }}
                />
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold">{product.name}</h3>
                  {product.category ? (
                    <p className="text-sm text-muted-foreground">{product.category}</p>
                  ) : null}
                </div>
                <Badge variant={product.isActive ? 'default' : 'secondary'}>
                  {product.isActive ? 'Active' : 'Inactive'}
                </Badge>
                <p className="font-semibold">
                  {formatUsd(product.basePrice)}
                  <span className="text-sm font-normal text-muted-foreground">/mo</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
