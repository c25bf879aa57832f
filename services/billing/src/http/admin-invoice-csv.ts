import type { AdminInvoice } from '@app/contracts';
import type { CsvColumns } from '@app/service-kit';

/** The admin's invoice export: what the list shows, in dollars, with the ids to follow an invoice up. */
export const adminInvoiceColumns: CsvColumns<AdminInvoice> = {
  header: [
    'Number',
    'Status',
    'Amount (USD)',
    'Customer',
    'Customer email',
    'Customer id',
    'Tenant id',
    'Product',
    'Product id',
    'Subscription id',
    'Period start',
    'Period end',
    'Issued',
    'Paid',
  ],
  cells: (invoice) => [
    invoice.invoiceNumber,
    invoice.status,
    invoice.amount,
    invoice.customer.name,
    invoice.customer.email,
    invoice.customer.id,
    invoice.tenantId,
    invoice.productName,
    invoice.productId,
    invoice.subscriptionId,
    invoice.periodStart,
    invoice.periodEnd,
    invoice.createdAt,
    invoice.paidAt,
  ],
};
