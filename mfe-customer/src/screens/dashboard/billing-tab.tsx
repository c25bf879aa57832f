import type { Invoice } from '@app/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@app/ui';
import type { UseQueryResult } from '@app/query';
import { Link } from '@app/routing';
import { InvoiceStatusBadge } from '../../components/invoice-status-badge.js';
import { ListError, ListLoading } from '../../components/list-states.js';
import { formatUsd } from '../../format/money.js';
import { recentInvoices } from './figures.js';

/** SPEC.md §2 "Customer dashboard", Billing: the latest 5 invoices, each opening its printable page. */
export function BillingTab({ invoices }: { invoices: UseQueryResult<Invoice[]> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Recent Invoices</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {invoices.isPending ? (
          <ListLoading label="Loading invoices..." />
        ) : invoices.isError ? (
          <ListError error={invoices.error} />
        ) : invoices.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invoices</p>
        ) : (
          <ul aria-label="Recent invoices" className="grid gap-3">
            {recentInvoices(invoices.data).map((invoice) => (
              <li
                key={invoice.id}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4"
              >
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold">
                    <Link
                      to={`/billing/invoices/${encodeURIComponent(invoice.id)}`}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {invoice.number}
                    </Link>
                  </h3>
                  <p className="text-sm text-muted-foreground">{invoice.date}</p>
                </div>
                <InvoiceStatusBadge status={invoice.status} />
                <p className="font-semibold">{formatUsd(invoice.amount)}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
