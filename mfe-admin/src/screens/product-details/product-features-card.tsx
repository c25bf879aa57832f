import type { Product } from '@app/contracts';
import { Button, Input } from '@app/ui';
import { useUpdateProduct } from '@app/web-data';
import { Check, Plus, Trash2 } from 'lucide-react';
import { EditableCard } from '../../components/editable-card.js';
import { keptFeatures, productToasts } from './product-edit.js';

function FeatureEditor({
  features,
  onChange,
}: {
  features: readonly string[];
  onChange: (features: string[]) => void;
}) {
  const replaceAt = (index: number, value: string) =>
    onChange(features.map((feature, at) => (at === index ? value : feature)));
  return (
    <div className="grid gap-3">
      <ul aria-label="Features" className="grid gap-2">
        {features.map((feature, index) => (
          <li key={index} className="flex items-center gap-2">
            <Input
              aria-label={`Feature ${index + 1}`}
              placeholder="Feature description"
              value={feature}
              onChange={(event) => replaceAt(index, event.target.value)}
            />
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label={`Remove feature ${index + 1}`}
              onClick={() => onChange(features.filter((_, at) => at !== index))}
            >
              <Trash2 aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <Button type="button" variant="outline" className="w-fit" onClick={() => onChange([...features, ''])}>
        <Plus aria-hidden />
        Add Feature
      </Button>
    </div>
  );
}

function FeatureList({ features }: { features: readonly string[] }) {
  if (features.length === 0) return <p className="text-sm text-muted-foreground">No features defined</p>;
  return (
    <ul aria-label="Features" className="grid gap-2">
      {features.map((feature, index) => (
        <li key={index} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}

/** SPEC.md §2 "Product details", Product Features: an editable list; empty entries are dropped on save. */
export function ProductFeaturesCard({ product }: { product: Product }) {
  const updateProduct = useUpdateProduct();
  return (
    <EditableCard
      title="Product Features"
      subject="product features"
      start={() => [...product.features]}
      mutation={updateProduct}
      variables={(features) => ({ id: product.id, body: { features: keptFeatures(features) } })}
      toasts={productToasts}
      view={<FeatureList features={product.features} />}
      form={(features, onChange) => <FeatureEditor features={features} onChange={onChange} />}
    />
  );
}
