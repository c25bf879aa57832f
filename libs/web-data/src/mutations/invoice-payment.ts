import type { InvoicePaymentReply } from '@app/contracts';
import { useMutation, type QueryClient } from '@app/query';
import { queryKeys, segment } from '../query-keys.js';
import { invalidate } from './invalidate.js';
import { withOutcome, writeMutation, type WriteOutcome } from './write-mutation.js';

/** A paid invoice changes the invoices and, once tenancy hears of it, the subscription it reactivates. */
const refreshAfterPayment = (client: QueryClient) =>
  invalidate(client, queryKeys.invoices, queryKeys.subscriptions, queryKeys.subscriptionTerms);

/** "Pay now" on an overdue invoice: one charge of the card on file; a decline is an ApiError with its words. */
export function payInvoiceMutation() {
  return writeMutation<InvoicePaymentReply, string>(
    'POST',
    '/api/invoices/{invoiceId}/pay',
    (invoiceId) => ({ path: `/api/invoices/${segment(invoiceId)}/pay` }),
    refreshAfterPayment,
  );
}

/** `outcome` runs even when the button that asked is gone by then (write-mutation.ts withOutcome). */
export function usePayInvoice(outcome: WriteOutcome<InvoicePaymentReply> = {}) {
  return useMutation(withOutcome(payInvoiceMutation(), outcome));
}
