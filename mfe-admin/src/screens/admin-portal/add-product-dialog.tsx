import { Button } from '@app/ui';
import { fieldErrors, useCreateProduct } from '@app/web-data';
import { Plus } from 'lucide-react';
import { FormDialog } from '../../components/form-dialog.js';
import { resultToasts } from '../../components/result-toasts.js';
import { useDialogOpen } from '../../components/use-dialog-open.js';
import { ProductForm } from './product-form.js';
import {
  emptyProductForm,
  formErrorsFrom,
  productBodyFrom,
  type ProductFormValues,
} from './product-form-values.js';

/** SPEC.md §2 "Admin Portal" Add Product; the product list refreshes before the dialog closes. */
export function AddProductDialog() {
  const createProduct = useCreateProduct();
  const [open, changeOpen] = useDialogOpen(createProduct.reset);

  function submit(values: ProductFormValues) {
    createProduct.mutate(
      productBodyFrom(values),
      resultToasts({ success: 'Product created successfully', failure: 'Error creating product' }, () =>
        changeOpen(false),
      ),
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button type="button">
          <Plus aria-hidden />
          Add Product
        </Button>
      }
      title="Add New Product"
      description="Create a new product for the catalogue."
    >
      <ProductForm
        initial={emptyProductForm}
        serverErrors={formErrorsFrom(fieldErrors(createProduct.error))}
        pending={createProduct.isPending}
        submitLabel="Create Product"
        pendingLabel="Creating..."
        onSubmit={submit}
        onCancel={() => changeOpen(false)}
      />
    </FormDialog>
  );
}
