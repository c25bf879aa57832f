import type { Product } from '@app/contracts';
import { Card, CardContent, toast } from '@app/ui';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from '@app/routing';
import { checkoutToasts } from './checkout-toasts.js';

/** SPEC.md §9: the dashboard follows a successful payment after 2 seconds. */
export const successRedirectDelayMs = 2_000;

/** SPEC.md §2 "Checkout" success view, with the Payment Successful toast (§8), then the dashboard. */
export function PaymentSuccess({ product }: { product: Product }) {
  const navigate = useNavigate();
  const toasted = useRef(false);
  useEffect(() => {
    if (!toasted.current) {
      toasted.current = true;
      toast(checkoutToasts.paymentSuccessful);
    }
    const timer = setTimeout(() => navigate('/dashboard'), successRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md items-center px-4 py-10">
      <Card className="w-full text-center">
        <CardContent className="grid justify-items-center gap-3 p-8">
          <CircleCheck aria-hidden="true" className="size-12 text-success" />
          <h1 className="text-2xl font-bold text-foreground">Payment Successful!</h1>
          <p className="text-foreground">You now have access to {product.name}</p>
          <p role="status" className="text-sm text-muted-foreground">
            Redirecting to your dashboard...
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
