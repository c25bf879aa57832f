import type { Product } from '@app/contracts';
import { Input, Label, Switch, Textarea, formatUsd } from '@app/ui';
import { useUpdateProduct } from '@app/web-data';
import { DetailItem } from '../../components/detail-item.js';
import { fieldBinder } from '../../components/field-binder.js';
import { EditableCard } from '../../components/editable-card.js';
import { TextField } from '../../components/text-field.js';
import { productInfoFrom, productInfoPatch, productToasts, type ProductInfoValues } from './product-edit.js';

/** A plan's monthly price, or that the product does not offer it (the professional plan is the base price). */
const planPriceText = (price: number | null) => (price === null ? 'Not offered' : `${formatUsd(price)}/mo`);

function InfoView({ product }: { product: Product }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <DetailItem term="Product Name">{product.name}</DetailItem>
      <DetailItem term="Category">{product.category || 'Not set'}</DetailItem>
      <DetailItem term="Description">{product.description || 'No description'}</DetailItem>
      <DetailItem term="Base Price">{formatUsd(product.basePrice)}/mo</DetailItem>
      <DetailItem term="Basic Plan">{planPriceText(product.basicPrice)}</DetailItem>
      <DetailItem term="Enterprise Plan">{planPriceText(product.enterprisePrice)}</DetailItem>
      <DetailItem term="Brand Color">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="size-4 rounded" style={{ backgroundColor: product.color }} />
          <span className="font-mono">{product.color}</span>
        </span>
      </DetailItem>
      <DetailItem term="Status">{product.isActive ? 'Active' : 'Inactive'}</DetailItem>
    </dl>
  );
}

function InfoForm({
  values,
  onChange,
}: {
  values: ProductInfoValues;
  onChange: (values: ProductInfoValues) => void;
}) {
  const set = (change: Partial<ProductInfoValues>) => onChange({ ...values, ...change });
  const field = fieldBinder(values, set);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField id="product-info-name" label="Product Name" {...field('name')} />
      <TextField id="product-info-category" label="Category" {...field('category')} />
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="product-info-description">Description</Label>
        <Textarea
          id="product-info-description"
          value={values.description}
          onChange={(event) => set({ description: event.target.value })}
        />
      </div>
      <TextField
        id="product-info-price"
        label="Base Price"
        type="number"
        step="0.01"
        inputMode="decimal"
        {...field('basePrice')}
      />
      <div className="grid gap-2">
        <Label htmlFor="product-info-color">Brand Color</Label>
        <div className="flex items-center gap-3">
          <Input
            id="product-info-color"
            type="color"
            className="h-10 w-16 p-1"
            value={values.color}
            onChange={(event) => set({ color: event.target.value })}
          />
          <span className="font-mono text-sm">{values.color.toUpperCase()}</span>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Switch
          id="product-info-active"
          checked={values.isActive}
          onCheckedChange={(isActive) => set({ isActive })}
        />
        <Label htmlFor="product-info-active">Active Product</Label>
      </div>
    </div>
  );
}

/** SPEC.md §2 "Product details", Product Information. */
export function ProductInfoCard({ product }: { product: Product }) {
  const updateProduct = useUpdateProduct();
  return (
    <EditableCard
      title="Product Information"
      subject="product information"
      start={() => productInfoFrom(product)}
      mutation={updateProduct}
      variables={(values) => ({ id: product.id, body: productInfoPatch(values) })}
      toasts={productToasts}
      view={<InfoView product={product} />}
      form={(values, onChange) => <InfoForm values={values} onChange={onChange} />}
    />
  );
}
