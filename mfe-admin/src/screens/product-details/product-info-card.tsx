import type { Product } from '@app/contracts';
import { Card, CardContent, CardHeader, CardTitle, Input, Label, Switch, Textarea, toast } from '@app/ui';
import { errorDescription, useUpdateProduct } from '@app/web-data';
import { useState, type ReactNode } from 'react';
import { EditControls } from '../../components/edit-controls.js';
import { formatUsd } from '../admin-dashboard/figures.js';
import { productInfoFrom, productInfoPatch, type ProductInfoValues } from './product-edit.js';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function InfoView({ product }: { product: Product }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Detail term="Product Name">{product.name}</Detail>
      <Detail term="Category">{product.category || 'Not set'}</Detail>
      <Detail term="Description">{product.description || 'No description'}</Detail>
      <Detail term="Base Price">{formatUsd(product.basePrice)}/mo</Detail>
      <Detail term="Brand Color">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="size-4 rounded" style={{ backgroundColor: product.color }} />
          <span className="font-mono">{product.color}</span>
        </span>
      </Detail>
      <Detail term="Status">{product.isActive ? 'Active' : 'Inactive'}</Detail>
    </dl>
  );
}

function InfoForm({
  values,
  onChange,
}: {
  values: ProductInfoValues;
  onChange: (change: Partial<ProductInfoValues>) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-2">
        <Label htmlFor="product-info-name">Product Name</Label>
        <Input
          id="product-info-name"
          value={values.name}
          onChange={(event) => onChange({ name: event.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="product-info-category">Category</Label>
        <Input
          id="product-info-category"
          value={values.category}
          onChange={(event) => onChange({ category: event.target.value })}
        />
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="product-info-description">Description</Label>
        <Textarea
          id="product-info-description"
          value={values.description}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="product-info-price">Base Price</Label>
        <Input
          id="product-info-price"
          type="number"
          step="0.01"
          inputMode="decimal"
          value={values.basePrice}
          onChange={(event) => onChange({ basePrice: event.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="product-info-color">Brand Color</Label>
        <div className="flex items-center gap-3">
          <Input
            id="product-info-color"
            type="color"
            className="h-10 w-16 p-1"
            value={values.color}
            onChange={(event) => onChange({ color: event.target.value })}
          />
          <span className="font-mono text-sm">{values.color.toUpperCase()}</span>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Switch
          id="product-info-active"
          checked={values.isActive}
          onCheckedChange={(isActive) => onChange({ isActive })}
        />
        <Label htmlFor="product-info-active">Active Product</Label>
      </div>
    </div>
  );
}

/**
 * SPEC.md §2 "Product details", Product Information. The form is filled from the loaded product each time
 * editing starts, so it follows the product while not editing, and Cancel drops the changes.
 */
export function ProductInfoCard({ product }: { product: Product }) {
  const [editing, setEditing] = useState<ProductInfoValues | null>(null);
  const updateProduct = useUpdateProduct();

  function save() {
    if (!editing) return;
    updateProduct.mutate(
      { id: product.id, body: productInfoPatch(editing) },
      {
        onSuccess: () => {
          toast({ title: 'Product updated successfully' });
          setEditing(null);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to update product',
            description: errorDescription(error),
          }),
      },
    );
  }

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle asChild>
          <h2>Product Information</h2>
        </CardTitle>
        <EditControls
          subject="product information"
          editing={editing !== null}
          pending={updateProduct.isPending}
          onEdit={() => setEditing(productInfoFrom(product))}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      </CardHeader>
      <CardContent>
        {editing ? (
          <InfoForm
            values={editing}
            onChange={(change) => setEditing((current) => (current ? { ...current, ...change } : current))}
          />
        ) : (
          <InfoView product={product} />
        )}
      </CardContent>
    </Card>
  );
}
