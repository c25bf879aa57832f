import type { InvoiceDocument } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { readJson } from '../http.js';
import { queryKeys, segment } from '../query-keys.js';
import { useCurrentUser } from './auth.js';

/**
 * GET /api/invoices/{invoiceId}: one of the customer's invoices with its seller, buyer and lines, as the printable
 * page shows it. Under the invoices' key, so whatever refreshes the list (a payment) refreshes it too.
 */
export function invoiceDocumentQuery(invoiceId: string) {
  return queryOptions({
    queryKey: queryKeys.invoice(invoiceId),
    queryFn: () => readJson<InvoiceDocument>(`/api/invoices/${segment(invoiceId)}`),
  });
}

export function useInvoiceDocument(invoiceId: string) {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...invoiceDocumentQuery(invoiceId), enabled: isAuthenticated });
}

/**
 * Where the invoice's PDF downloads from: a navigation, not a read (the browser saves the file), with the
 * browser's time zone so the PDF's dates fall on the days the page shows.
 */
export function invoicePdfAddress(invoiceId: string, timeZone: string): string {
  return `/api/invoices/${segment(invoiceId)}/pdf?${new URLSearchParams({ timeZone })}`;
}
