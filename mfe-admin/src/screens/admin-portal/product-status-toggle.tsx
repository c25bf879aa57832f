import type { Product } from '@app/contracts';
import { Button } from '@app/ui';
import { useReplaceProduct } from '@app/web-data';
import { resultToasts } from '../../components/result-toasts.js';
import { replacementOf } from './product-form-values.js';

/** SPEC.md §4: Activate/Deactivate resends the full product with isActive flipped. */
export function ProductStatusToggle({ product }: { product: Product }) {
  const replaceProduct = useReplaceProduct();
  const label = product.isActive ? 'Deactivate' : 'Activate';

  function toggle() {
    replaceProduct.mutate(
      { id: product.id, body: replacementOf(product, { isActive: !product.isActive }) },
      resultToasts({
        success: 'Product status updated successfully',
        failure: 'Error updating product status',
      }),
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
