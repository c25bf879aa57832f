import { Card, CardContent, InvoiceStatusBadge } from '@app/ui';
import type { ReactNode } from 'react';
import type { InvoiceDetails } from './invoice-details.js';

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** The invoice as a document: on paper it loses the card's border and shadow, and keeps everything else. */
export function InvoiceDocument({ details }: { details: InvoiceDetails }) {
  return (
    <Card className="print:border-0 print:shadow-none">
      <CardContent className="grid gap-8 p-6 sm:p-10 print:p-0">
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-sm text-muted-foreground">Invoice</p>
            <h1 className="font-mono text-2xl font-bold text-foreground sm:text-3xl">{details.number}</h1>
          </div>
          <InvoiceStatusBadge status={details.status} />
        </header>
        <div className="grid gap-4 sm:grid-cols-2">
          <section aria-labelledby="invoice-from" className="grid content-start gap-1">
            <h2 id="invoice-from" className="text-sm font-semibold text-muted-foreground">
              From
            </h2>
            <p className="font-medium">{details.seller.name}</p>
            {details.seller.address ? <p className="text-sm">{details.seller.address}</p> : null}
          </section>
          <section aria-labelledby="invoice-billed-to" className="grid content-start gap-1">
            <h2 id="invoice-billed-to" className="text-sm font-semibold text-muted-foreground">
              Billed to
            </h2>
            <p className="font-medium">{details.customerName}</p>
            {details.customerEmail ? <p className="text-sm">{details.customerEmail}</p> : null}
          </section>
        </div>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field term="Issued">{details.issued}</Field>
          <Field term="Paid">{details.paid}</Field>
          <Field term="Billing period">{details.period}</Field>
          <Field term="Currency">{details.currency}</Field>
        </dl>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Invoice lines</caption>
          <thead className="border-b border-border text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 font-medium">
                Product
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {details.lines.map((line, index) => (
              // Lines have no id of their own; their order is the invoice's and never changes.
              <tr key={index} className="border-b border-border">
                <td className="py-3">{line.description}</td>
                <td className="py-3 text-right">{line.amount}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pt-3 font-semibold">
                Total ({details.currency})
              </th>
              <td className="pt-3 text-right text-lg font-bold">{details.total}</td>
            </tr>
          </tfoot>
        </table>
      </CardContent>
    </Card>
  );
}
