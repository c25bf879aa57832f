import type { Product } from '@app/contracts';
import { useCreatePaymentIntent } from '@app/web-data';
import { useEffect, useRef } from 'react';

/**
 * Starts paying for the product once it is known: POST /api/create-payment-intent with the shown base price
 * (SPEC.md §7). Once per product, also under StrictMode's doubled effects, so one visit opens one payment.
 */
export function useCheckoutIntent(product: Product | undefined) {
  const intent = useCreatePaymentIntent();
  const { mutate } = intent;
  const requestedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!product || requestedFor.current === product.id) return;
    requestedFor.current = product.id;
    mutate({ amount: product.basePrice, productId: product.id });
  }, [product, mutate]);
  return intent;
}
