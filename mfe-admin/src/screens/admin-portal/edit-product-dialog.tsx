import type { Product } from '@app/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  toast,
} from '@app/ui';
import { errorDescription, fieldErrors, useReplaceProduct } from '@app/web-data';
import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
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
  const [open, setOpen] = useState(false);
  const replaceProduct = useReplaceProduct();
  const dangerZoneId = useId();

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) replaceProduct.reset();
  }

  function submit(values: ProductFormValues) {
    replaceProduct.mutate(
      { id: product.id, body: replacementOf(product, productBodyFrom(values)) },
      {
        onSuccess: () => {
          toast({ title: 'Product updated successfully' });
          changeOpen(false);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error updating product',
            description: errorDescription(error),
          }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" aria-label={`Edit ${product.name}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Product</DialogTitle>
          <DialogDescription>Change {product.name} and save.</DialogDescription>
        </DialogHeader>
        <ProductForm
          initial={productFormFrom(product)}
          serverErrors={formErrorsFrom(fieldErrors(replaceProduct.error))}
          pending={replaceProduct.isPending}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          onSubmit={submit}
          onCancel={() => changeOpen(false)}
        />
        <section
          aria-labelledby={dangerZoneId}
          className="grid gap-3 rounded-lg border border-destructive p-4"
        >
          <h3 id={dangerZoneId} className="font-semibold text-destructive">
            Danger Zone
          </h3>
          <p className="text-sm text-muted-foreground">Deleting a product cannot be undone.</p>
          <div>
            <DeleteProductDialog product={product} onDeleted={() => changeOpen(false)} />
          </div>
        </section>
      </DialogContent>
    </Dialog>
  );
}
