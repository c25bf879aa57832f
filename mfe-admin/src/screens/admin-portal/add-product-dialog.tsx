import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@app/ui';
import { fieldErrors, useCreateProduct } from '@app/web-data';
import { Plus } from 'lucide-react';
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
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button type="button">
          <Plus aria-hidden />
          Add Product
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add New Product</DialogTitle>
          <DialogDescription>Create a new product for the catalogue.</DialogDescription>
        </DialogHeader>
        <ProductForm
          initial={emptyProductForm}
          serverErrors={formErrorsFrom(fieldErrors(createProduct.error))}
          pending={createProduct.isPending}
          submitLabel="Create Product"
          pendingLabel="Creating..."
          onSubmit={submit}
          onCancel={() => changeOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
