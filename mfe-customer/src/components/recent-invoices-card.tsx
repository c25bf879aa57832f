import type { Invoice } from '@app/contracts';
import type { UseQueryResult } from '@app/query';
import { ListRead, SectionCard } from '@app/ui';
import type { ReactNode } from 'react';

/**
 * SPEC.md §2: the "Recent Invoices" card of the dashboard's Billing tab and of the Billing page. Both read
 * GET /api/invoices the same way; each screen words its empty state and draws its own rows.
 */
export function RecentInvoicesCard({
  invoices,
  empty,
  children,
}: {
  invoices: UseQueryResult<Invoice[]>;
  empty: string;
  children: (invoices: Invoice[]) => ReactNode;
}) {
  return (
    <SectionCard title="Recent Invoices">
      <ListRead read={invoices} loadingLabel="Loading invoices...">
        {(data) =>
          data.length === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : children(data)
        }
      </ListRead>
    </SectionCard>
  );
}
