import type { Invoice } from '@app/contracts';
import { Button, toast } from '@app/ui';
import { ApiError, usePayInvoice } from '@app/web-data';
import { useState } from 'react';
import { CardChangeDialog } from './card-on-file/card-change-dialog.js';
import { toastFailure } from './failure-toast.js';

/**
 * "Pay now" on an overdue invoice (issue 19): charges the card on file once, however often it is pressed (the
 * button is also disabled while the charge runs); a paid invoice makes its suspended subscription active again.
 * Declined, it offers "Use a new card": the card is replaced, then the invoice is paid again with it.
 */
export function PayNowButton({ invoice }: { invoice: Pick<Invoice, 'id' | 'status' | 'invoiceNumber'> }) {
  const [declined, setDeclined] = useState(false);
  const [changing, setChanging] = useState(false);
  // The mutation's own outcome: the refreshed list shows the invoice paid, without this button.
  const pay = usePayInvoice({
    onSuccess: () =>
      toast({ title: 'Payment received', description: 'Thank you. Your subscription is active again.' }),
    onError: (error) => {
      toastFailure('Payment failed', error);
      if (error instanceof ApiError && error.status === 402) setDeclined(true);
    },
  });
  if (invoice.status !== 'overdue') return null;
  return (
    <>
      <Button
        type="button"
        size="sm"
        aria-label={`Pay invoice ${invoice.invoiceNumber} now`}
        disabled={pay.isPending}
        onClick={() => pay.mutate(invoice.id)}
      >
        {pay.isPending ? 'Paying...' : 'Pay now'}
      </Button>
      {declined ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-label={`Use a new card for invoice ${invoice.invoiceNumber}`}
          disabled={pay.isPending}
          onClick={() => setChanging(true)}
        >
          Use a new card
        </Button>
      ) : null}
      <CardChangeDialog open={changing} onOpenChange={setChanging} onSaved={() => pay.mutate(invoice.id)} />
    </>
  );
}
