import type { Invoice } from '@app/contracts';
import type { UseQueryResult } from '@app/query';
import { Link } from '@app/routing';
import { formatUsd, InvoiceStatusBadge, ListRow } from '@app/ui';
import { PayNowButton } from '../../components/pay-now-button.js';
import { RecentInvoicesCard } from '../../components/recent-invoices-card.js';
import { relativeTime } from '../../format/relative-time.js';
import { newestFirst, shortId } from './figures.js';

/** SPEC.md §2 "Billing": every invoice, newest first, each opening its printable page; an overdue one Pay now. */
export function InvoiceList({ invoices, now }: { invoices: UseQueryResult<Invoice[]>; now: Date }) {
  return (
    <RecentInvoicesCard invoices={invoices} empty="No invoices yet">
      {(data) => (
        <ul aria-label="Invoices" className="grid gap-3">
          {newestFirst(data).map((invoice) => (
            <ListRow
              key={invoice.id}
              headingClassName="font-mono"
              heading={
                <Link
                  to={`/billing/invoices/${encodeURIComponent(invoice.id)}`}
                  aria-label={`Invoice ${shortId(invoice.id)}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {shortId(invoice.id)}
                </Link>
              }
              detail={relativeTime(invoice.createdAt, now)}
            >
              <p className="font-semibold">{formatUsd(invoice.amount)}</p>
              <InvoiceStatusBadge status={invoice.status} />
              <PayNowButton invoice={invoice} />
            </ListRow>
          ))}
        </ul>
      )}
    </RecentInvoicesCard>
  );
}
