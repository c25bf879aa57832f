import type { Product } from '@app/contracts';
import { Badge, formatUsd } from '@app/ui';
import type { UseQueryResult } from '@app/query';
import { ProductsCard } from '../../components/products-card.js';
import { TextLink } from '../../components/text-link.js';
import { AddProductDialog } from './add-product-dialog.js';
import { EditProductDialog } from './edit-product-dialog.js';
import { ProductStatusToggle } from './product-status-toggle.js';

function ProductRow({ product }: { product: Product }) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4">
      <span aria-hidden className="size-8 shrink-0 rounded-md" style={{ backgroundColor: product.color }} />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">{product.name}</h3>
        <p className="text-sm text-muted-foreground">
          {product.category ? `${product.category} · ` : ''}
          {formatUsd(product.basePrice)}/mo
        </p>
      </div>
      <Badge variant={product.isActive ? 'default' : 'secondary'}>
        {product.isActive ? 'Active' : 'Inactive'}
      </Badge>
      <div className="flex flex-wrap items-center gap-2">
        <ProductStatusToggle product={product} />
        <EditProductDialog product={product} />
        <TextLink
          to={`/product-details/${encodeURIComponent(product.id)}`}
          aria-label={`View Details of ${product.name}`}
        >
          View Details
        </TextLink>
      </div>
    </li>
  );
}

/** SPEC.md §2 "Admin Portal", Products: every product, with its status toggle, edit dialog and details link. */
export function ProductsTab({ products }: { products: UseQueryResult<Product[]> }) {
  return (
    <ProductsCard products={products} action={<AddProductDialog />}>
      {(product) => <ProductRow product={product} />}
    </ProductsCard>
  );
}
