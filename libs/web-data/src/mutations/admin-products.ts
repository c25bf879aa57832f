import type { CreateProductBody, PatchProductBody, Product, ReplaceProductBody } from '@app/contracts';
import { mutationOptions, useMutation, type QueryClient } from '@app/query';
import { sendJson } from '../http.js';
import { queryKeys, segment } from '../query-keys.js';
import { invalidate } from './invalidate.js';

/** Every product write refreshes the product list, which admin pages also read details from (SPEC.md §7). */
const refreshProducts = (client: QueryClient) => invalidate(client, queryKeys.products);

export function createProductMutation() {
  return mutationOptions({
    mutationKey: ['POST', '/api/admin/products'],
    mutationFn: (body: CreateProductBody) => sendJson<Product>('POST', '/api/admin/products', body),
    onSuccess: (_product, _body, _result, { client }) => refreshProducts(client),
  });
}

export interface ReplaceProductVariables {
  id: string;
  body: ReplaceProductBody;
}

/** PUT: the Admin Portal's edit dialog, and its Activate/Deactivate toggle resending the product. */
export function replaceProductMutation() {
  return mutationOptions({
    mutationKey: ['PUT', '/api/admin/products/{id}'],
    mutationFn: ({ id, body }: ReplaceProductVariables) =>
      sendJson<Product>('PUT', `/api/admin/products/${segment(id)}`, body),
    onSuccess: (_product, _variables, _result, { client }) => refreshProducts(client),
  });
}

export interface UpdateProductVariables {
  id: string;
  body: PatchProductBody;
}

/** PATCH: the Product details page. */
export function updateProductMutation() {
  return mutationOptions({
    mutationKey: ['PATCH', '/api/admin/products/{id}'],
    mutationFn: ({ id, body }: UpdateProductVariables) =>
      sendJson<Product>('PATCH', `/api/admin/products/${segment(id)}`, body),
    onSuccess: (_product, _variables, _result, { client }) => refreshProducts(client),
  });
}

export function deleteProductMutation() {
  return mutationOptions({
    mutationKey: ['DELETE', '/api/admin/products/{id}'],
    mutationFn: (id: string) => sendJson<void>('DELETE', `/api/admin/products/${segment(id)}`),
    onSuccess: (_nothing, _id, _result, { client }) => refreshProducts(client),
  });
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
