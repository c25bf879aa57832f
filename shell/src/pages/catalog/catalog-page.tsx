import {
  Button,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
} from '@app/ui';
import { useProducts } from '@app/web-data';
import { SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { SiteHeader } from '../../layout/site-header.js';
import { allCategories, categoriesOf, filterProducts } from './filter-products.js';
import { ProductCard } from './product-card.js';

/** The public catalogue (SPEC.md §2 "Catalogue"). */
export function CatalogPage() {
  const products = useProducts();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(allCategories);
  const all = products.data ?? [];
  const shown = filterProducts(all, { search, category });
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
          <div className="relative flex-1">
            <Label htmlFor="catalog-search" className="sr-only">
              Search products
            </Label>
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="catalog-search"
              type="search"
              placeholder="Search products..."
              className="pl-9"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <Select value={category} onValueChange={setCategory}>
            <SelectTrigger className="sm:w-56" aria-label="Category">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={allCategories}>All Categories</SelectItem>
              {categoriesOf(all).map((name) => (
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
        ) : products.isError ? (
          <p role="alert" className="mt-10 text-destructive">
            {products.error.message}
          </p>
        ) : shown.length === 0 ? (
          <div className="mt-16 text-center">
            <h2 className="text-xl font-semibold text-foreground">No products found</h2>
            <p className="mt-2 text-muted-foreground">Try adjusting your search terms or filters</p>
            <Button variant="outline" className="mt-6" onClick={clearFilters}>
              Clear Filters
            </Button>
          </div>
        ) : (
          <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Products">
            {shown.map((product) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
