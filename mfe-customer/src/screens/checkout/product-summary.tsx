import type { Product } from '@app/contracts';
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/ui';
import { Check } from 'lucide-react';

/** SPEC.md §2 "Checkout": name, description, category and the feature list headed "What's included:". */
export function ProductSummary({ product }: { product: Product }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <span
            aria-hidden="true"
            className="size-3 shrink-0 rounded-full"
            style={{ backgroundColor: product.color }}
          />
          <CardTitle asChild className="text-2xl">
            <h2>{product.name}</h2>
          </CardTitle>
          {product.category ? <Badge variant="secondary">{product.category}</Badge> : null}
        </div>
        {product.description ? <CardDescription>{product.description}</CardDescription> : null}
      </CardHeader>
      {product.features.length > 0 ? (
        <CardContent className="grid gap-3">
          <h3 className="text-sm font-semibold text-foreground">What&apos;s included:</h3>
          <ul className="grid gap-2">
            {product.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2 text-sm text-foreground">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      ) : null}
    </Card>
  );
}
