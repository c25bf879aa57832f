import { Button, ListRead } from '@app/ui';
import { useCurrentUser, useInvoices } from '@app/web-data';
import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useParams } from '@app/routing';
import { invoiceDetails } from './invoice-details.js';
import { InvoiceDocument } from './invoice-document.js';

function BackToBilling() {
  return (
    <Button asChild variant="outline">
      <Link to="/billing">
        <ArrowLeft aria-hidden />
        Back to Billing
      </Link>
    </Button>
  );
}

/**
 * One invoice as a printable page (/billing/invoices/:invoiceId). It is found in the customer's invoice list,
 * which the billing screens have usually read already; the buttons stay off paper.
 */
export function InvoicePage() {
  const { invoiceId } = useParams();
  const { user } = useCurrentUser();
  const invoices = useInvoices();
  const invoice = invoices.data?.find((candidate) => candidate.id === invoiceId);

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackToBilling />
        {invoice ? (
          <Button type="button" onClick={() => window.print()}>
            <Printer aria-hidden />
            Print
          </Button>
        ) : null}
      </div>
      <ListRead read={invoices} loadingLabel="Loading invoice..." loadingRows={4}>
        {() =>
          invoice ? (
            <InvoiceDocument details={invoiceDetails(invoice, user)} />
          ) : (
            <div className="grid gap-2">
              <h1 className="text-2xl font-bold text-foreground">Invoice Not Found</h1>
              <p className="text-muted-foreground">We could not find this invoice among yours.</p>
            </div>
          )
        }
      </ListRead>
    </div>
  );
}
