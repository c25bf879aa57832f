import type { CreateProductBody, PatchProductBody, Product, ReplaceProductBody } from '@app/contracts';
import { useMutation, type QueryClient } from '@app/query';
import { queryKeys, segment } from '../query-keys.js';
import { invalidate } from './invalidate.js';
import { bodyMutation, memberMutation, writeMutation, type MemberWrite } from './write-mutation.js';

const products = '/api/admin/products';

/**
 * Every product write refreshes what shows products (SPEC.md §7 "Product list refreshed afterwards"): the lists,
 * each product's details, the categories and the product counters. Subscriptions and tenants are not changed.
 */
const refreshProducts = (client: QueryClient) =>
  invalidate(client, queryKeys.products, queryKeys.productSummary);

export function createProductMutation() {
  return bodyMutation<Product, CreateProductBody>('POST', products, refreshProducts);
}

export type ReplaceProductVariables = MemberWrite<ReplaceProductBody>;

/** PUT: the Admin Portal's edit dialog, and its Activate/Deactivate toggle resending the product. */
export function replaceProductMutation() {
  return memberMutation<Product, ReplaceProductBody>('PUT', products, refreshProducts);
}

export type UpdateProductVariables = MemberWrite<PatchProductBody>;

/** PATCH: the Product details page. */
export function updateProductMutation() {
  return memberMutation<Product, PatchProductBody>('PATCH', products, refreshProducts);
}

export function deleteProductMutation() {
  return writeMutation<void, string>(
    'DELETE',
    `${products}/{id}`,
    (id) => ({ path: `${products}/${segment(id)}` }),
    refreshProducts,
  );
}

export function useCreateProduct() {
  return useMutation(createProductMutation());
}

export function useReplaceProduct() {
  return useMutation(replaceProductMutation());
}

export function useUpdateProduct() {
  return useMutation(updateProductMutation());
}

export function useDeleteProduct() {
  return useMutation(deleteProductMutation());
}
