import {
  Button,
  LoadMoreButton,
  SearchBox,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  readNextPage,
  useDebouncedValue,
} from '@app/ui';
import { useProductCategories, useProductList } from '@app/web-data';
import { useState } from 'react';
import { SiteHeader } from '../../layout/site-header.js';
import { allCategories, catalogQuery } from './catalog-filters.js';
import { ProductGrid } from './product-grid.js';

/**
 * The public catalogue (SPEC.md §2 "Catalogue"). Search and category run on the server (ARCHITECTURE.md
 * "Decisions for growth"): the search once typing rests, the categories from their own read; the products come
 * a page at a time, by name, with Load more and infinite scroll.
 */
export function CatalogPage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(allCategories);
  const searched = useDebouncedValue(search);
  const products = useProductList(catalogQuery({ search: searched, category }));
  const categories = useProductCategories();
  const clearFilters = () => {
    setSearch('');
    setCategory(allCategories);
  };

  return (
    <div className="min-h-dvh bg-background">
      <SiteHeader />
      <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight text-foreground">Product Catalog</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Discover our comprehensive suite of financial technology solutions
        </p>

        <div className="mt-8 flex flex-col gap-4 sm:flex-row">
          <SearchBox
            id="catalog-search"
            label="Search products"
            placeholder="Search products..."
            className="flex-1"
            value={search}
            onChange={setSearch}
          />
          <Select value={category} onValueChange={setCategory}>
            <SelectTrigger className="sm:w-56" aria-label="Category">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={allCategories}>All Categories</SelectItem>
              {(categories.data ?? []).map((name) => (
                <SelectItem key={name} value={name}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        {products.isPending ? (
          <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-80" />
            ))}
          </div>
        ) : products.isError && !products.data ? (
          <p role="alert" className="mt-10 text-destructive">
            {products.error.message}
          </p>
        ) : !products.data || products.data.length === 0 ? (
          <div className="mt-16 text-center">
            <h2 className="text-xl font-semibold text-foreground">No products found</h2>
            <p className="mt-2 text-muted-foreground">Try adjusting your search terms or filters</p>
            <Button variant="outline" className="mt-6" onClick={clearFilters}>
              Clear Filters
            </Button>
          </div>
        ) : (
          <div className="mt-10 grid gap-6">
            <ProductGrid
              products={products.data}
              hasMore={products.hasNextPage}
              onEndReached={() => readNextPage(products)}
            />
            <LoadMoreButton read={products} />
          </div>
        )}
      </main>
    </div>
  );
}
