import { toast } from '@app/ui';
import { isUnauthorizedError, useConfirmSandboxPayment } from '@app/web-data';
import { sandboxFailureToast } from './checkout-toasts.js';
import { PayButton } from './pay-button.js';
import { SandboxCardEntry } from './sandbox-card-entry.js';

export interface PaymentFormProps {
  clientSecret: string;
  price: number;
  /** Billing has recorded the payment. */
  onPaid: () => void;
  onUnauthorized: () => void;
}

/**
 * The checkout's Sandbox card form: the card fields and the pay button. Its confirmation answers only once
 * billing has recorded the payment, so success needs no further wait.
 */
export function SandboxCardForm({ clientSecret, price, onPaid, onUnauthorized }: PaymentFormProps) {
  const confirm = useConfirmSandboxPayment();
  return (
    <SandboxCardEntry
      busy={confirm.isPending}
      onCard={(card) =>
        confirm.mutate(
          { clientSecret, card },
          {
            onSuccess: onPaid,
            onError: (error) =>
              isUnauthorizedError(error) ? onUnauthorized() : toast(sandboxFailureToast(error)),
          },
        )
      }
    >
      <PayButton price={price} ready processing={confirm.isPending} />
    </SandboxCardEntry>
  );
}
