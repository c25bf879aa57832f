import { Skeleton } from '@app/ui';

/** The checkout's shape while the product, the provider and the payment load; announced once. */
export function CheckoutLoading() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-2">
      <p role="status" className="sr-only">
        Loading checkout...
      </p>
      <div className="grid content-start gap-6">
        <Skeleton className="h-64 w-full rounded-xl" />
        <Skeleton className="h-48 w-full rounded-xl" />
      </div>
      <Skeleton className="h-96 w-full rounded-xl" />
    </div>
  );
}
