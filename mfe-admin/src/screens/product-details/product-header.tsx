import type { Product } from '@app/contracts';
import { Badge } from '@app/ui';

/** SPEC.md §2 "Product details" header: colour tile, name, Active/Inactive badge. */
export function ProductHeader({ product }: { product: Product }) {
  return (
    <header className="flex flex-wrap items-center gap-4">
      <span aria-hidden className="size-12 shrink-0 rounded-lg" style={{ backgroundColor: product.color }} />
      <h1 className="min-w-0 text-3xl font-bold break-words text-foreground">{product.name}</h1>
      <Badge variant={product.isActive ? 'default' : 'secondary'}>
        {product.isActive ? 'Active' : 'Inactive'}
      </Badge>
    </header>
  );
}
