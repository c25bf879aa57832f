import type { Product } from '@app/contracts';
import { Button } from '@app/ui';
import { fieldErrors, useReplaceProduct } from '@app/web-data';
import { Pencil } from 'lucide-react';
import { useId } from 'react';
import { FormDialog } from '../../components/form-dialog.js';
import { resultToasts } from '../../components/result-toasts.js';
import { useDialogOpen } from '../../components/use-dialog-open.js';
import { DeleteProductDialog } from './delete-product-dialog.js';
import { ProductForm } from './product-form.js';
import {
  formErrorsFrom,
  productBodyFrom,
  productFormFrom,
  replacementOf,
  type ProductFormValues,
} from './product-form-values.js';

/** Editing resends the whole product (PUT, SPEC.md §7); the Danger Zone below the form deletes it. */
export function EditProductDialog({ product }: { product: Product }) {
  const replaceProduct = useReplaceProduct();
  const [open, changeOpen] = useDialogOpen(replaceProduct.reset);
  const dangerZoneId = useId();

  function submit(values: ProductFormValues) {
    replaceProduct.mutate(
      { id: product.id, body: replacementOf(product, productBodyFrom(values)) },
      resultToasts({ success: 'Product updated successfully', failure: 'Error updating product' }, () =>
        changeOpen(false),
      ),
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button type="button" variant="outline" size="sm" aria-label={`Edit ${product.name}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
      }
      title="Edit Product"
      description={<>Change {product.name} and save.</>}
    >
      <ProductForm
        initial={productFormFrom(product)}
        serverErrors={formErrorsFrom(fieldErrors(replaceProduct.error))}
        pending={replaceProduct.isPending}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        onSubmit={submit}
        onCancel={() => changeOpen(false)}
      />
      <section aria-labelledby={dangerZoneId} className="grid gap-3 rounded-lg border border-destructive p-4">
        <h3 id={dangerZoneId} className="font-semibold text-destructive">
          Danger Zone
        </h3>
        <p className="text-sm text-muted-foreground">Deleting a product cannot be undone.</p>
        <div>
          <DeleteProductDialog product={product} onDeleted={() => changeOpen(false)} />
        </div>
      </section>
    </FormDialog>
  );
}
