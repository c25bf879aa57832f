import { Button, ListError, ListLoading } from '@app/ui';
import { ApiError, invoicePdfAddress, useCurrentUser, useInvoiceDocument } from '@app/web-data';
import { ArrowLeft, Download, Printer } from 'lucide-react';
import { Link, useParams } from '@app/routing';
import { invoiceDetails } from './invoice-details.js';
import { InvoiceDocument } from './invoice-document.js';

/**
 * Back to the list the page is opened from: a customer's Billing, or for an admin the Admin Portal's Invoices tab
 * (mfe-admin's TabbedPage opens the tab its address names).
 */
function BackToInvoices() {
  const { isAdmin } = useCurrentUser();
  const [to, label] = isAdmin
    ? ['/admin-portal?tab=invoices', 'Back to Invoices']
    : ['/billing', 'Back to Billing'];
  return (
    <Button asChild variant="outline">
      <Link to={to}>
        <ArrowLeft aria-hidden />
        {label}
      </Link>
    </Button>
  );
}

/** The calendar the page shows dates on, so the PDF's fall on the same days. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * One invoice as a printable page (/billing/invoices/:invoiceId), from GET /api/invoices/{invoiceId}, which answers
 * the customer's own invoices only: another's, or an id that is not one (400), is "not found". The same invoice
 * downloads as a PDF made by billing from the same answer; the buttons stay off paper.
 */
export function InvoicePage() {
  const { invoiceId = '' } = useParams();
  const read = useInvoiceDocument(invoiceId);
  const notFound = read.error instanceof ApiError && [400, 404].includes(read.error.status);

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackToInvoices />
        {read.data ? (
          <div className="flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <a href={invoicePdfAddress(read.data.id, browserTimeZone())} download>
                <Download aria-hidden />
                Download PDF
              </a>
            </Button>
            <Button type="button" onClick={() => window.print()}>
              <Printer aria-hidden />
              Print
            </Button>
          </div>
        ) : null}
      </div>
      {read.isPending ? (
        <ListLoading label="Loading invoice..." rows={4} />
      ) : read.isError && !notFound ? (
        <ListError error={read.error} />
      ) : read.data ? (
        <InvoiceDocument details={invoiceDetails(read.data)} />
      ) : (
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold text-foreground">Invoice Not Found</h1>
          <p className="text-muted-foreground">We could not find this invoice among yours.</p>
        </div>
      )}
    </div>
  );
}
