import type { Product } from '@app/contracts';
import { Button, toast } from '@app/ui';
import { errorDescription, useReplaceProduct } from '@app/web-data';
import { replacementOf } from './product-form-values.js';

/** SPEC.md §4: Activate/Deactivate resends the full product with isActive flipped. */
export function ProductStatusToggle({ product }: { product: Product }) {
  const replaceProduct = useReplaceProduct();
  const label = product.isActive ? 'Deactivate' : 'Activate';

  function toggle() {
    replaceProduct.mutate(
      { id: product.id, body: replacementOf(product, { isActive: !product.isActive }) },
      {
        onSuccess: () => toast({ title: 'Product status updated successfully' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error updating product status',
            description: errorDescription(error),
          }),
      },
    );
  }

  return (
    <Button
      type="button"
      variant={product.isActive ? 'outline' : 'default'}
      size="sm"
      disabled={replaceProduct.isPending}
      aria-label={`${label} ${product.name}`}
      onClick={toggle}
    >
      {label}
    </Button>
  );
}
