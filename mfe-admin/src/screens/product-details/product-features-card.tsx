import type { Product } from '@app/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, Input, toast } from '@app/ui';
import { errorDescription, useUpdateProduct } from '@app/web-data';
import { Check, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { EditControls } from '../../components/edit-controls.js';
import { keptFeatures } from './product-edit.js';

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

/** SPEC.md §2 "Product details", Product Features: an editable list; empty entries are dropped on save. */
export function ProductFeaturesCard({ product }: { product: Product }) {
  const [editing, setEditing] = useState<string[] | null>(null);
  const updateProduct = useUpdateProduct();

  function save() {
    if (!editing) return;
    updateProduct.mutate(
      { id: product.id, body: { features: keptFeatures(editing) } },
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
          <h2>Product Features</h2>
        </CardTitle>
        <EditControls
          subject="product features"
          editing={editing !== null}
          pending={updateProduct.isPending}
          onEdit={() => setEditing([...product.features])}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      </CardHeader>
      <CardContent>
        {editing ? (
          <FeatureEditor features={editing} onChange={setEditing} />
        ) : product.features.length === 0 ? (
          <p className="text-sm text-muted-foreground">No features defined</p>
        ) : (
          <ul aria-label="Features" className="grid gap-2">
            {product.features.map((feature, index) => (
              <li key={index} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
