import { Button } from '@app/ui';
import { CircleCheck, X } from 'lucide-react';

/** The confirmation after a paid checkout, in the checkout's own words (SPEC.md §8 "Payment Successful"). */
export function PaymentBanner({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-success-muted bg-success-muted p-4 text-success-muted-foreground"
    >
      <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Payment Successful</p>
        <p className="text-sm">Welcome to your new subscription!</p>
      </div>
      <Button type="button" variant="ghost" size="icon" aria-label="Dismiss" onClick={onDismiss}>
        <X aria-hidden />
      </Button>
    </div>
  );
}
