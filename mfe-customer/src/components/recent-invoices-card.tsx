import type { Invoice } from '@app/contracts';
import type { UseQueryResult } from '@app/query';
import { Card, CardContent, CardHeader, CardTitle, ListError, ListLoading } from '@app/ui';
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
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          children(invoices.data)
        )}
      </CardContent>
    </Card>
  );
}
