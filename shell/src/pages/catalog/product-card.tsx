import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  formatUsd,
} from '@app/ui';
import type { Product } from '@app/contracts';
import { BarChart3Icon, CheckIcon, LinkIcon, ShieldIcon, type LucideIcon } from 'lucide-react';
import { Link } from '@app/routing';

const icons: Record<string, LucideIcon> = { BarChart3: BarChart3Icon, Link: LinkIcon, Shield: ShieldIcon };
/** SPEC.md §9: a card lists the first 3 features. */
const cardFeatures = 3;

export function ProductCard({ product }: { product: Product }) {
  const Icon = icons[product.icon] ?? BarChart3Icon;
  return (
    <Card className="flex w-full flex-col">
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <span
            className="flex size-11 items-center justify-center rounded-lg text-white"
            style={{ backgroundColor: product.color }}
          >
            <Icon className="size-6" aria-hidden="true" />
          </span>
          {product.category ? <Badge variant="secondary">{product.category}</Badge> : null}
        </div>
        <CardTitle className="mt-4">{product.name}</CardTitle>
        {product.description ? <CardDescription>{product.description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-2" aria-label={`${product.name} features`}>
          {product.features.slice(0, cardFeatures).map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-sm text-foreground">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="flex items-center justify-between gap-4">
        <p className="text-2xl font-bold text-foreground">
          {formatUsd(product.basePrice)}
          <span className="text-sm font-normal text-muted-foreground">/mo</span>
        </p>
        <Button asChild>
          <Link to={`/checkout?product=${encodeURIComponent(product.slug)}`}>Subscribe Now</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
