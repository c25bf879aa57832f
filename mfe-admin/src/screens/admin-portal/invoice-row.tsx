import type { AdminInvoice } from '@app/contracts';
import { formatDate, formatUsd, InvoiceStatusBadge, ListRow } from '@app/ui';
import { TextLink } from '../../components/text-link.js';

/** Whose an invoice is: their name, their email without one, their id while billing has heard of neither. */
function customerText({ customer }: AdminInvoice): string {
  return customer.name ?? customer.email ?? customer.id;
}

/**
 * One invoice of the admin's list: its number, whose it is and for what, when it was issued, the amount and status,
 * and links to the invoice's page and to the customer's and the tenant's details.
 */
export function InvoiceRow({ invoice }: { invoice: AdminInvoice }) {
  const customer = customerText(invoice);
  const issued = formatDate(invoice.createdAt) ?? invoice.createdAt;
  return (
    <ListRow
      as="div"
      heading={invoice.invoiceNumber}
      headingClassName="font-mono"
      detail={
        <>
          {customer}
          {invoice.customer.email && invoice.customer.name ? ` (${invoice.customer.email})` : ''} ·{' '}
          {invoice.productName ?? 'Unknown product'} · Issued {issued}
        </>
      }
      detailClassName="wrap-anywhere"
    >
      <p className="font-semibold">{formatUsd(invoice.amount)}</p>
      <InvoiceStatusBadge status={invoice.status} />
      <div className="flex flex-wrap items-center gap-3">
        {/* The invoice's own page and PDF, which billing serves to its buyer and to admins. */}
        <TextLink
          to={`/billing/invoices/${encodeURIComponent(invoice.id)}`}
          aria-label={`View invoice ${invoice.invoiceNumber}`}
        >
          View invoice
        </TextLink>
        <TextLink
          to={`/user-details/${encodeURIComponent(invoice.customer.id)}`}
          aria-label={`Customer of ${invoice.invoiceNumber}`}
        >
          Customer
        </TextLink>
        {invoice.tenantId ? (
          <TextLink
            to={`/tenant-details/${encodeURIComponent(invoice.tenantId)}`}
            aria-label={`Tenant of ${invoice.invoiceNumber}`}
          >
            Tenant
          </TextLink>
        ) : null}
      </div>
    </ListRow>
  );
}
