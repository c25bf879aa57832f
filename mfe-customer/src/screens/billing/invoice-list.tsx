import type { Invoice } from '@app/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@app/ui';
import type { UseQueryResult } from '@app/query';
import { Link } from '@app/routing';
import { InvoiceStatusBadge } from '../../components/invoice-status-badge.js';
import { ListError, ListLoading } from '../../components/list-states.js';
import { formatUsd } from '../../format/money.js';
import { relativeTime } from '../../format/relative-time.js';
import { newestFirst, shortId } from './figures.js';

/** SPEC.md §2 "Billing": every invoice, newest first, each opening its printable page. */
export function InvoiceList({ invoices, now }: { invoices: UseQueryResult<Invoice[]>; now: Date }) {
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
          <p className="text-sm text-muted-foreground">No invoices yet</p>
        ) : (
          <ul aria-label="Invoices" className="grid gap-3">
            {newestFirst(invoices.data).map((invoice) => (
              <li
                key={invoice.id}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4"
              >
                <div className="min-w-0 flex-1">
                  <h3 className="font-mono font-semibold">
                    <Link
                      to={`/billing/invoices/${encodeURIComponent(invoice.id)}`}
                      aria-label={`Invoice ${shortId(invoice.id)}`}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {shortId(invoice.id)}
                    </Link>
                  </h3>
                  <p className="text-sm text-muted-foreground">{relativeTime(invoice.createdAt, now)}</p>
                </div>
                <p className="font-semibold">{formatUsd(invoice.amount)}</p>
                <InvoiceStatusBadge status={invoice.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
