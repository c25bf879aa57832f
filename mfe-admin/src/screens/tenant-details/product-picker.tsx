import type { Product } from '@app/contracts';
import { formatUsd, SearchBox } from '@app/ui';
import { useProductList } from '@app/web-data';
import { useState } from 'react';
import { SelectField } from '../../components/select-field.js';
import { useSearch } from '../../components/use-search.js';

/** How an active product is offered: name and base price per month (SPEC.md §2 "Tenant details"). */
function productLabel(product: Product): string {
  return `${product.name} - ${formatUsd(product.basePrice)}/mo`;
}

/**
 * The Add dialog's Product select: active products only, searched on the server rather than all loaded, so the
 * select offers the first page of matches by name. The chosen product stays offered while another search runs.
 */
export function ProductPicker({
  value,
  onChange,
}: {
  value: string;
  /** With the product itself, whose plans the dialog then offers. */
  onChange: (productId: string, product: Product | null) => void;
}) {
  const search = useSearch();
  const products = useProductList({ isActive: true, q: search.q });
  const [chosen, setChosen] = useState<Product | null>(null);
  const found = products.data ?? [];
  const offered = chosen && !found.some((product) => product.id === chosen.id) ? [chosen, ...found] : found;

  function choose(productId: string) {
    const product = offered.find((candidate) => candidate.id === productId) ?? null;
    setChosen(product);
    onChange(productId, product);
  }

  return (
    <div className="grid gap-2">
      <SearchBox
        id="new-subscription-product-search"
        label="Search active products"
        placeholder="Search products..."
        value={search.text}
        onChange={search.setText}
      />
      <SelectField
        id="new-subscription-product"
        label="Product"
        value={value}
        onChange={choose}
        placeholder={products.isPending ? 'Loading products...' : 'Select a product'}
        options={offered.map((product) => ({ value: product.id, label: productLabel(product) }))}
      />
      {products.hasNextPage ? (
        <p className="text-sm text-muted-foreground">
          More products match: narrow the search to find others.
        </p>
      ) : null}
    </div>
  );
}
