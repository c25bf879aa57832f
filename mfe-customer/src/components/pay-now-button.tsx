import type { Invoice } from '@app/contracts';
import { Button, toast } from '@app/ui';
import { usePayInvoice } from '@app/web-data';
import { toastFailure } from './failure-toast.js';

/**
 * "Pay now" on an overdue invoice (issue 19): charges the card on file once, however often it is pressed (the
 * button is also disabled while the charge runs); a paid invoice makes its suspended subscription active again.
 */
export function PayNowButton({ invoice }: { invoice: Pick<Invoice, 'id' | 'status' | 'invoiceNumber'> }) {
  // The mutation's own outcome: the refreshed list shows the invoice paid, without this button.
  const pay = usePayInvoice({
    onSuccess: () =>
      toast({ title: 'Payment received', description: 'Thank you. Your subscription is active again.' }),
    onError: (error) => toastFailure('Payment failed', error),
  });
  if (invoice.status !== 'overdue') return null;
  return (
    <Button
      type="button"
      size="sm"
      aria-label={`Pay invoice ${invoice.invoiceNumber} now`}
      disabled={pay.isPending}
      onClick={() => pay.mutate(invoice.id)}
    >
      {pay.isPending ? 'Paying...' : 'Pay now'}
    </Button>
  );
}
