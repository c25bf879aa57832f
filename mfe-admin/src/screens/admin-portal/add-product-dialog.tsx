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
import { errorDescription, fieldErrors, useCreateProduct } from '@app/web-data';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { ProductForm } from './product-form.js';
import {
  emptyProductForm,
  formErrorsFrom,
  productBodyFrom,
  type ProductFormValues,
} from './product-form-values.js';

/** SPEC.md §2 "Admin Portal" Add Product; the product list refreshes before the dialog closes. */
export function AddProductDialog() {
  const [open, setOpen] = useState(false);
  const createProduct = useCreateProduct();

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) createProduct.reset();
  }

  function submit(values: ProductFormValues) {
    createProduct.mutate(productBodyFrom(values), {
      onSuccess: () => {
        toast({ title: 'Product created successfully' });
        changeOpen(false);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error creating product',
          description: errorDescription(error),
        }),
    });
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
