import type { Product } from '@app/contracts';
import { Badge, formatUsd, SearchBox } from '@app/ui';
import { adminProductExportAddress, useProductList } from '@app/web-data';
import { ExportCsvLink } from '../../components/export-csv-link.js';
import { ProductsCard } from '../../components/products-card.js';
import { TextLink } from '../../components/text-link.js';
import { useSearch } from '../../components/use-search.js';
import { AddProductDialog } from './add-product-dialog.js';
import { EditProductDialog } from './edit-product-dialog.js';
import { ProductStatusToggle } from './product-status-toggle.js';

function ProductRow({ product }: { product: Product }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4">
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
    </div>
  );
}

/**
 * SPEC.md §2 "Admin Portal", Products: every product, searched by name or description on the server, with its
 * status toggle, edit dialog and details link.
 */
export function ProductsTab() {
  const search = useSearch();
  const products = useProductList({ q: search.q });
  return (
    <ProductsCard
      products={products}
      action={
        <div className="flex flex-wrap items-center gap-2">
          <ExportCsvLink href={adminProductExportAddress({ q: search.q })} />
          <AddProductDialog />
        </div>
      }
      emptyText={search.q ? `No products match "${search.q}"` : undefined}
      search={
        <SearchBox
          id="portal-product-search"
          label="Search products"
          placeholder="Search products..."
          value={search.text}
          onChange={search.setText}
        />
      }
    >
      {(product) => <ProductRow product={product} />}
    </ProductsCard>
  );
}
