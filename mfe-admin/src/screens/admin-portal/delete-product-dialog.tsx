import type { Product } from '@app/contracts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  Button,
} from '@app/ui';
import { useDeleteProduct } from '@app/web-data';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { resultToasts } from '../../components/result-toasts.js';
import { TextField } from '../../components/text-field.js';

/**
 * SPEC.md §4 "Product deletion": Delete stays disabled until the typed text equals the product name exactly,
 * and while the request is pending.
 */
export function DeleteProductDialog({ product, onDeleted }: { product: Product; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const deleteProduct = useDeleteProduct();
  const confirmed = typed === product.name;

  function changeOpen(next: boolean) {
    if (deleteProduct.isPending) return;
    setOpen(next);
    if (!next) setTyped('');
  }

  function remove() {
    deleteProduct.mutate(
      product.id,
      resultToasts({ success: 'Product deleted successfully', failure: 'Error deleting product' }, () => {
        setOpen(false);
        onDeleted();
      }),
    );
  }

  return (
    <AlertDialog open={open} onOpenChange={changeOpen}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="destructive">
          <Trash2 aria-hidden />
          Delete Product
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Product</AlertDialogTitle>
          <AlertDialogDescription>
            This cannot be undone. Type <strong className="text-foreground">{product.name}</strong> to
            confirm.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <TextField
          id="delete-product-confirmation"
          label="Product name"
          autoComplete="off"
          value={typed}
          onChange={setTyped}
        />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteProduct.isPending}>Cancel</AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            disabled={!confirmed || deleteProduct.isPending}
            onClick={remove}
          >
            {deleteProduct.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
