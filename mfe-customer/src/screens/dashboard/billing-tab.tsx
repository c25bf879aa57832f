import type { Invoice } from '@app/contracts';
import type { UseQueryResult } from '@app/query';
import { Link } from '@app/routing';
import { formatUsd, InvoiceStatusBadge, ListRow } from '@app/ui';
import { RecentInvoicesCard } from '../../components/recent-invoices-card.js';
import { recentInvoices } from './figures.js';

/** SPEC.md §2 "Customer dashboard", Billing: the latest 5 invoices, each opening its printable page. */
export function BillingTab({ invoices }: { invoices: UseQueryResult<Invoice[]> }) {
  return (
    <RecentInvoicesCard invoices={invoices} empty="No invoices">
      {(data) => (
        <ul aria-label="Recent invoices" className="grid gap-3">
          {recentInvoices(data).map((invoice) => (
            <ListRow
              key={invoice.id}
              heading={
                <Link
                  to={`/billing/invoices/${encodeURIComponent(invoice.id)}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {invoice.number}
                </Link>
              }
              detail={invoice.date}
            >
              <InvoiceStatusBadge status={invoice.status} />
              <p className="font-semibold">{formatUsd(invoice.amount)}</p>
            </ListRow>
          ))}
        </ul>
      )}
    </RecentInvoicesCard>
  );
}
