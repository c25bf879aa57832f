import { Skeleton } from '@app/ui';

/** The Payment Element's place until Stripe's code, then Stripe.js, have arrived. */
export function PaymentElementLoading() {
  return <Skeleton className="h-48 w-full" />;
}
